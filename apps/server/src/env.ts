import { issueText, english } from '@festival/contract';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseMailbox } from './modules/mail/sender-address';
import { DEFAULT_ENDED_CART_KEEP_MS, HOLD_LIMITS } from './modules/cart/hold-limits';
import { JOIN_LIMITS } from './modules/onsale/join-limits';

/** The repository root, so defaults work whatever directory the shop is started from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The demo shop's configuration: SHOP_CONFIG's default. */
export const DEMO_SHOP_CONFIG = path.join(REPO_ROOT, 'config/demo-shop.json');
/** The demo's catalogue (the Northwind festival): DEMO_CATALOGUE's default for the demo configuration only. */
export const DEMO_CATALOGUE_FILE = path.join(REPO_ROOT, 'catalog/demo/catalogue.yaml');

/** Whether SHOP_CONFIG names the demo shop's own configuration file (unset or pointing at it). */
export function isDemoConfig(shopConfig: string): boolean {
  return path.resolve(shopConfig) === DEMO_SHOP_CONFIG;
}

/** A variable that may be unset or empty (both: not given). */
function optionalText() {
  return z.string().trim().max(500).optional().transform((value) => (value ? value : undefined));
}

function optionalUrl() {
  return z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL').optional().or(z.literal('').transform(() => undefined));
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  SHOP_CONFIG: z.string().min(1).default(DEMO_SHOP_CONFIG),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The sender of every message: `shop@example.org` or `"Shop" <shop@example.org>`. */
  MAIL_FROM: z
    .string()
    .refine((value) => parseMailbox(value) !== null, 'must be one e-mail address, optionally with a name: "Shop" <shop@example.org>')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * "1" opens the development mailbox (/dev/mailbox) even with NODE_ENV=production, "0" keeps it
   * closed; unset opens it outside production. It is never open while SMTP_URL is set.
   */
  DEV_MAILBOX: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value === '1' || value === 'true')),
  /**
   * "1" lets the sandbox gateway take payments under NODE_ENV=production for a shop of one's own
   * configuration (a test shop), "0" refuses it everywhere; unset allows it outside production
   * and for the demo shop (decision 0026).
   */
  SANDBOX_PAYMENTS: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value === '1' || value === 'true')),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  /**
   * Earlier APP_SECRETs, comma-separated, whose order links (decision 0027) are still honoured
   * after APP_SECRET changed; new links are always signed with APP_SECRET.
   */
  APP_SECRET_PREVIOUS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((secret) => secret.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(32, 'each must be at least 32 characters'))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Worker processes serving the shop's port (node:cluster; decision 0077). Unset: one per core
   * in production on PostgreSQL, otherwise one. The embedded database (PGlite) always runs as one
   * process. Each worker opens its own DATABASE_POOL_SIZE connections.
   */
  SHOP_WORKERS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(256, 'must be at most 256')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * A port of its own for the back office (decision 0107): one more worker process serves the
   * whole app there, so the staff's saves never queue behind a sale's requests on the shop's
   * workers. PostgreSQL only (PGlite is one process); must differ from PORT.
   */
  BACK_OFFICE_PORT: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be a port from 1 to 65535')
    .max(65535, 'must be a port from 1 to 65535')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Connections each instance (each worker process) may open to PostgreSQL (docs/operations.md sizes it). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  /** Minutes a cart holds its stock. */
  CART_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /**
   * Units (cart lines) held at once by one cart, by the open carts made from one network address
   * (an IPv4 address or IPv6 /64) and from one network (an IPv4 /24 or IPv6 /48); 0 for no cap
   * (decision 0025). Behind a reverse proxy, set TRUST_PROXY, or every visitor shares the proxy's address.
   */
  HOLD_LIMIT_PER_CART: z.coerce.number().int().min(0).max(1_000_000).default(HOLD_LIMITS.perCart),
  HOLD_LIMIT_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(HOLD_LIMITS.perAddress),
  HOLD_LIMIT_PER_NETWORK: z.coerce.number().int().min(0).max(1_000_000).default(HOLD_LIMITS.perNetwork),
  /**
   * New waiting-room places (issue 23, decision 0048) one network address (IPv4 address, IPv6
   * /64) and one network (IPv4 /24, IPv6 /48) may take in 10 minutes; 0 for no limit. Behind a
   * reverse proxy, set TRUST_PROXY.
   */
  QUEUE_JOIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(0).max(10_000_000).default(JOIN_LIMITS.perAddress),
  QUEUE_JOIN_LIMIT_PER_NETWORK: z.coerce.number().int().min(0).max(10_000_000).default(JOIN_LIMITS.perNetwork),
  /**
   * `1`: every answer carries `Server-Timing: app;dur=<ms>`, the time the server spent on it from
   * reading the request to sending the answer (for measuring; off by default, as it tells the
   * outside how long calls take).
   */
  SERVER_TIMING: z.enum(['0', '1']).default('0'),
  /**
   * The bearer token Prometheus sends for GET /metrics (decision 0119); unset: no /metrics at all.
   * At least 32 characters: the figures say how the shop sells.
   */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  /** Minutes an expired cart, with its holders' names and e-mail addresses, is kept after its hold ended (decision 0025). */
  ENDED_CART_KEEP_MINUTES: z.coerce.number().int().min(1).max(30 * 24 * 60).default(DEFAULT_ENDED_CART_KEEP_MS / 60_000),
  /**
   * Behind a reverse proxy: "true" to trust X-Forwarded-For, or the proxies' addresses
   * ("loopback", "10.0.0.0/8,192.168.0.1"), so limits per network address see the visitor's.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' || value === 'false' ? undefined : value === 'true' ? true : value)),
  /**
   * Payment providers' credentials (docs/payments.md; decision 0037): only from the environment,
   * never in the configuration file. STRIPE_WEBHOOK_SECRET may list several secrets,
   * comma-separated, while one is rotated. The *_API_URL variables point an SDK at a local double
   * of the provider's API (tests); a live key refuses them.
   */
  STRIPE_SECRET_KEY: optionalText(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((secret) => secret.trim()).filter(Boolean)),
  STRIPE_API_URL: optionalUrl(),
  MOLLIE_API_KEY: optionalText(),
  MOLLIE_API_URL: optionalUrl(),
  /**
   * The demo shop's catalogue, loaded on its first start when the database is empty; "none" to
   * start the demo empty. Only the demo configuration loads one: a shop of one's own (SHOP_CONFIG)
   * starts empty and refuses to start with DEMO_CATALOGUE set (decision 0058).
   */
  DEMO_CATALOGUE: optionalText(),
  /**
   * "1" lets a shop of one's own start under NODE_ENV=production without SMTP_URL: its customers
   * then get no e-mail at all (no password, no tickets), so only for a shop that really wants
   * that (decision 0059).
   */
  ALLOW_NO_MAIL: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

export type Env = Omit<z.infer<typeof envSchema>, 'APP_SECRET' | 'DATA_DIR' | 'DEMO_CATALOGUE'> & {
  APP_SECRET: string;
  DATA_DIR: string;
  /** A catalogue file, or "none"; unset, the demo configuration's is the demo catalogue and a shop of one's own's is "none". */
  DEMO_CATALOGUE: string;
};

/** The only reader of process.env. Fails fast with every bad variable named. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${english(issueText(issue))}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (parsed.data.BACK_OFFICE_PORT !== undefined && parsed.data.BACK_OFFICE_PORT === parsed.data.PORT) {
    throw new Error(`Invalid environment:\n  BACK_OFFICE_PORT: must differ from PORT (${parsed.data.PORT}): the back office's port is a second one`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const demoCatalogue = parsed.data.DEMO_CATALOGUE ?? (isDemoConfig(parsed.data.SHOP_CONFIG) ? DEMO_CATALOGUE_FILE : 'none');
  return { ...parsed.data, DATA_DIR: dataDir, DEMO_CATALOGUE: demoCatalogue, APP_SECRET: parsed.data.APP_SECRET ?? loadOrCreateSecret(dataDir) };
}

/**
 * How many worker processes serve the shop (decision 0077): SHOP_WORKERS, or unset one per core
 * in production on PostgreSQL and one otherwise. The embedded database (PGlite) is a database
 * inside the process that opened it, which no second process can share: with it the shop is
 * always one process, and `ignored` says why when more were asked for.
 */
export function workerCount(env: Pick<Env, 'SHOP_WORKERS' | 'DATABASE_URL' | 'NODE_ENV'>, cores = availableParallelism()): { workers: number; ignored?: string } {
  if (!env.DATABASE_URL) {
    if ((env.SHOP_WORKERS ?? 1) > 1) {
      return {
        workers: 1,
        ignored: `SHOP_WORKERS=${env.SHOP_WORKERS} is ignored: the embedded database (PGlite, no DATABASE_URL) lives inside one process and cannot be shared by several, so the shop runs as one process; set DATABASE_URL to a PostgreSQL server to serve with several workers`,
      };
    }
    return { workers: 1 };
  }
  return { workers: env.SHOP_WORKERS ?? (env.NODE_ENV === 'production' ? cores : 1) };
}

/**
 * The back office's own port (decision 0107), or null: BACK_OFFICE_PORT on PostgreSQL. With the
 * embedded database there is one process, which cannot serve a second port of its own, so it is
 * ignored and `ignored` says why.
 */
export function backOfficePort(env: Pick<Env, 'BACK_OFFICE_PORT' | 'DATABASE_URL'>): { port: number | null; ignored?: string } {
  if (env.BACK_OFFICE_PORT === undefined) return { port: null };
  if (!env.DATABASE_URL) {
    return {
      port: null,
      ignored: `BACK_OFFICE_PORT=${env.BACK_OFFICE_PORT} is ignored: the embedded database (PGlite, no DATABASE_URL) lives inside one process, which serves the back office on PORT with the shop; set DATABASE_URL to a PostgreSQL server to give the back office a process and port of its own`,
    };
  }
  return { port: env.BACK_OFFICE_PORT };
}

/** A secret generated once per data directory, so checksums and tokens survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
