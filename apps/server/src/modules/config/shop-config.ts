import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  configIn,
  english,
  issueText,
  RICH_TEXT_KEYS,
  shopConfigSource,
  translationProblems,
  type ClientConfig,
  type EventSettings,
  type Locale,
  type ShopConfigFile,
  type ShopConfigSource,
} from '@festival/contract';
import YAML from 'yaml';
import { sanitizeRichText } from '../../lib/sanitize';

export class ConfigError extends Error {}

/** Where the shop runs: it decides the public address when the configuration gives none. */
export interface ShopPlace {
  /** The port the shop listens on (PORT). */
  port: number;
  /** NODE_ENV=production. */
  production: boolean;
  /** The demo shop's own configuration file (SHOP_CONFIG unset or pointing at it). */
  demoConfig: boolean;
  /**
   * For an organiser command: the address the shop last started with (rememberPublicAddress), so
   * the links a command mails or prints match the running shop's whatever PORT the command sees.
   */
  remembered?: string | null | undefined;
}

/** The demo on its default port, as tests and tools that start no server see it. */
export const DEFAULT_SHOP_PLACE: ShopPlace = { port: 3000, production: false, demoConfig: true };

/** The shop's place as the environment gives it (the server and the organiser commands read the same variables). */
export function shopPlaceOf(env: { PORT: number; NODE_ENV: string; SHOP_CONFIG: string }, demoConfigFile: string): ShopPlace {
  return { port: env.PORT, production: env.NODE_ENV === 'production', demoConfig: path.resolve(env.SHOP_CONFIG) === path.resolve(demoConfigFile) };
}

/** An organiser command's place: the shop's, and the address the shop last started with in DATA_DIR. */
export function commandPlaceOf(env: { PORT: number; NODE_ENV: string; SHOP_CONFIG: string; DATA_DIR: string }, demoConfigFile: string): ShopPlace {
  return { ...shopPlaceOf(env, demoConfigFile), remembered: rememberedPublicAddress(env.DATA_DIR) };
}

/**
 * The address every link of an e-mail, document or command starts with: the configured
 * publicBaseUrl, without a trailing slash. Without one, the demo shop (and any shop outside
 * production) is reached on this machine at the port it listens on; a shop of one's own in
 * production cannot guess where its customers reach it, so it refuses to start.
 */
export function resolvePublicBaseUrl(configured: string | null | undefined, place: ShopPlace, file = 'the shop configuration'): string {
  if (configured) return configured.replace(/\/+$/, '');
  if (place.production && !place.demoConfig) {
    throw new ConfigError(
      `${file} sets no "publicBaseUrl", and NODE_ENV=production: the links in e-mails, documents and payment returns would lead nowhere. ` +
        'Set "publicBaseUrl" to the address customers reach the shop at, such as "https://shop.example.org".',
    );
  }
  return place.remembered ?? `http://localhost:${place.port}`;
}

/** Where the shop notes the address it started with, beside its embedded database and secret. */
const publicAddressFile = (dataDir: string) => path.join(dataDir, 'public-address');

/**
 * Notes the address the shop serves at in DATA_DIR, for the organiser commands: a demo started
 * with PORT=8080 mails links to port 8080, and so does `npm run refunds` run without PORT.
 */
export function rememberPublicAddress(dataDir: string, publicBaseUrl: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(publicAddressFile(dataDir), `${publicBaseUrl}\n`);
}

/** The address the shop last started with, if it noted a web address there. */
export function rememberedPublicAddress(dataDir: string): string | null {
  try {
    const text = readFileSync(publicAddressFile(dataDir), 'utf8').trim();
    return /^https?:\/\/[^\s]+$/.test(text) ? text : null;
  } catch {
    return null;
  }
}

/** Reads and validates the shop configuration; the error names every bad field. */
export function loadShopConfig(file: string, place: ShopPlace = DEFAULT_SHOP_PLACE): ShopConfigFile {
  let raw: unknown;
  let lineOf: (path: readonly PropertyKey[]) => number | undefined = () => undefined;
  try {
    const text = readFileSync(file, 'utf8');
    // YAML reads JSON too: both get lines for their problems.
    const lineCounter = new YAML.LineCounter();
    const document = YAML.parseDocument(text, { lineCounter });
    if (document.errors.length) throw document.errors[0]!;
    raw = document.toJS();
    // A problem's line: its key's in a map (where the reader looks), its item's in a list.
    lineOf = (path) => {
      const parent = path.length > 1 ? document.getIn(path.slice(0, -1) as unknown[], true) : document.contents;
      const last = path[path.length - 1];
      let node: { range?: [number, number, number] | null } | undefined;
      if (YAML.isMap(parent)) node = parent.items.find((pair) => (YAML.isScalar(pair.key) ? pair.key.value : pair.key) === last)?.key as typeof node;
      else if (YAML.isSeq(parent) && typeof last === 'number') node = parent.items[last] as typeof node;
      return node?.range ? lineCounter.linePos(node.range[0]).line : undefined;
    };
  } catch (error) {
    throw new ConfigError(`Cannot read the shop configuration ${file}: ${(error as Error).message}`);
  }
  const where = (path: readonly PropertyKey[]) => {
    const line = path.length ? lineOf(path) : undefined;
    return `${path.map(String).join('.') || '(root)'}${line ? ` (line ${line})` : ''}`;
  };
  const parsed = shopConfigSource.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${where(issue.path)}: ${english(issueText(issue))}`);
    throw new ConfigError(`The shop configuration ${file} is not valid:\n${lines.join('\n')}`);
  }
  const problems = translationProblems(parsed.data);
  if (problems.length) {
    throw new ConfigError(`The shop configuration ${file} is not valid:\n${problems.map((problem) => `  ${where(problem.path)}: ${problem.message}`).join('\n')}`);
  }
  return sanitizeConfig(withPublicBaseUrl(parsed.data, resolvePublicBaseUrl(parsed.data.publicBaseUrl, place, `The shop configuration ${file}`)));
}

function withPublicBaseUrl(source: ShopConfigSource, publicBaseUrl: string): ShopConfigFile {
  return { ...source, publicBaseUrl };
}

/** Rich-text settings are organiser HTML: they are cleaned once, when the file is loaded. */
function sanitizeConfig(config: ShopConfigFile): ShopConfigFile {
  const texts = { ...config.texts };
  for (const key of ['underConstructionText', 'homeIntro', 'termsAndConditions', 'privacyPolicy', 'securityStatement', 'cookiePolicy', 'faqs'] as const) {
    const value = texts[key];
    if (typeof value === 'string') texts[key] = sanitizeRichText(value);
  }
  const ambassadors = {
    ...config.ambassadors,
    text: config.ambassadors.text ? sanitizeRichText(config.ambassadors.text) : config.ambassadors.text,
  };
  // Each language's rich texts as the default language's.
  const translations = Object.fromEntries(
    Object.entries(config.translations).map(([code, translation]) => {
      const translated = { ...translation.texts };
      for (const key of RICH_TEXT_KEYS) if (typeof translated[key] === 'string') translated[key] = sanitizeRichText(translated[key]);
      const ambassadorText = translation.ambassadors?.text;
      return [code, { ...translation, ...(translation.texts ? { texts: translated } : {}), ...(translation.ambassadors ? { ambassadors: { ...translation.ambassadors, ...(ambassadorText ? { text: sanitizeRichText(ambassadorText) } : {}) } } : {}) }];
    }),
  );
  return { ...config, texts, ambassadors, translations };
}

/** What a page is sent (decision 0094): the configuration in the page's language, with the catalogue's per-event settings. */
export function buildClientConfig(config: ShopConfigFile, events: Record<string, EventSettings>, language: Locale = config.languages[0] ?? 'en'): ClientConfig {
  return { ...configIn(config, language), events };
}

/**
 * JSON placed inside <script type="application/json">: "<", ">", "&" and the two line
 * separators are escaped so no configured text can close the element or start markup.
 */
export function serializeForScript(value: unknown): string {
  return escapeJsonForScript(JSON.stringify(value));
}

/** serializeForScript for JSON that is already serialised. */
export function escapeJsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
