import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import { buildApp } from './app';
import { openPreparedShop, prepareShop, WEB_ROOT, type Shop } from './bootstrap';
import { backOfficePort, readEnv, workerCount, type Env } from './env';
import { startExitWatchdog, type ExitWatchdog } from './lib/exit-watchdog';
import { freePort } from './lib/free-port';
import { createLogDestination } from './lib/log-destination';
import { printError } from './lib/terminal-output';
import { gatewayEnvironmentFromEnv } from './modules/payments/gateways/configured';
import { aggregateMetrics } from './observability/metrics';

/** From the first stop signal to the process's end, whatever happens to its output (issue 18, point 11). */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long the last log lines may take to go out before the process exits anyway. */
const LOG_FLUSH_MS = 500;
/** A worker dying this many times within RESPAWN_WINDOW_MS is a crash loop: the shop stops (decision 0077). */
const RESPAWN_LIMIT = 5;
const RESPAWN_WINDOW_MS = 10_000;
/** The message the primary sends a worker to shut down as it would on a stop signal. */
const SHUTDOWN_MESSAGE = 'shop:shutdown';
/** A worker's word to the primary that it serves and has said so in the log. */
const SERVING_MESSAGE = 'shop:serving';
/** Set in the environment of the worker that serves the back office's port (decision 0107). */
const BACK_OFFICE_WORKER = 'SHOP_BACK_OFFICE_WORKER';

/** What a worker serves: the shop's port, or the back office's own. */
type Role = 'shop' | 'back-office';

// A reader that went away (EPIPE) must not turn a console write into an uncaught error.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

type Logger = pino.Logger;
type LogOutput = ReturnType<typeof createLogDestination>;

async function main(): Promise<void> {
  const readEnvironment = readEnv();
  // PORT=0 asks for any free port. It is chosen before the configuration is read, because the
  // demo's public address (the links in its e-mails) is derived from the port it listens on. The
  // primary chooses it and hands it to its workers.
  const env = readEnvironment.PORT === 0 ? { ...readEnvironment, PORT: await freePort(readEnvironment.HOST) } : readEnvironment;
  const watchdog = startExitWatchdog();
  const logOutput = createLogDestination(1);
  const logger = pino({ level: env.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] }, logOutput);
  if (cluster.isWorker) {
    const role: Role = process.env[BACK_OFFICE_WORKER] === '1' ? 'back-office' : 'shop';
    await serve(env, await openPreparedShop(env), { logger, logOutput, watchdog, worker: role });
    return;
  }
  const { workers, ignored } = workerCount(env);
  if (ignored) logger.warn(ignored);
  const backOffice = backOfficePort(env);
  if (backOffice.ignored) logger.warn(backOffice.ignored);
  const shop = await prepareShop(env, logger);
  if (workers === 1 && backOffice.port === null) {
    await serve(env, shop, { logger, logOutput, watchdog, worker: null });
    return;
  }
  // The primary prepared the shop (checks, migrations, the demo catalogue) once; the workers serve.
  await shop.database.close();
  runPrimary(env, shop, { shop: workers, backOfficePort: backOffice.port }, { logger, logOutput, watchdog });
}

/**
 * Builds the app on the shop's database and serves the port until a stop signal (or, in a worker,
 * the primary's message). `worker` is the worker's role, null for the one process; the back
 * office's worker serves the same app on BACK_OFFICE_PORT (decision 0107).
 */
async function serve(env: Env, { database, config }: Shop, { logger, logOutput, watchdog, worker }: { logger: Logger; logOutput: LogOutput; watchdog: ExitWatchdog; worker: Role | null }): Promise<void> {
  // The mailbox shows every customer's mail to anyone: only without SMTP, and in production only
  // when asked for (npm start asks for it when it runs the demo shop; decision 0014).
  const devMailbox = !env.SMTP_URL && (env.DEV_MAILBOX ?? env.NODE_ENV !== 'production');
  if (env.SMTP_URL && env.DEV_MAILBOX && !worker) logger.warn('DEV_MAILBOX is ignored: SMTP_URL is set, so e-mail is sent');
  const app = await buildApp({
    db: database.db,
    backOfficeDb: database.backOfficeDb,
    config,
    webRoot: WEB_ROOT,
    logger,
    cartHoldMs: env.CART_HOLD_MINUTES * 60_000,
    holdLimits: { perCart: env.HOLD_LIMIT_PER_CART, perAddress: env.HOLD_LIMIT_PER_ADDRESS, perNetwork: env.HOLD_LIMIT_PER_NETWORK },
    queueJoinLimits: { perAddress: env.QUEUE_JOIN_LIMIT_PER_ADDRESS, perNetwork: env.QUEUE_JOIN_LIMIT_PER_NETWORK },
    serverTiming: env.SERVER_TIMING === '1',
    endedCartKeepMs: env.ENDED_CART_KEEP_MINUTES * 60_000,
    appSecret: env.APP_SECRET,
    previousAppSecrets: env.APP_SECRET_PREVIOUS,
    gatewayEnvironment: gatewayEnvironmentFromEnv(env),
    smtpUrl: env.SMTP_URL,
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    mailFrom: env.MAIL_FROM,
    devMailbox,
    // Several workers: the first says the start-up warnings, the others would only repeat them.
    startupNotices: !worker || cluster.worker?.id === 1,
    ...(env.TRUST_PROXY !== undefined ? { trustProxy: env.TRUST_PROXY } : {}),
  });

  let closing = false;
  const shutdown = async (signal: string, again: 'exit' | 'ignore' = 'exit') => {
    if (closing) {
      // The primary's request after the terminal's Ctrl-C reached this worker too: one stop.
      if (again === 'ignore') return;
      // A second Ctrl-C or SIGTERM: the person means now.
      logger.warn({ signal }, 'second stop signal: exiting now');
      process.exit(1);
    }
    closing = true;
    // The process ends within the grace period whatever its main thread is doing by then.
    watchdog.arm(SHUTDOWN_GRACE_MS);
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    // Requests in flight finish; a stuck one cannot hold the process for ever.
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      void logOutput.flush(LOG_FLUSH_MS / 2).then(() => process.exit(1));
    }, SHUTDOWN_GRACE_MS - 2 * LOG_FLUSH_MS);
    force.unref();
    try {
      await app.close();
      // Handlers of clients that already hung up may still be using the database.
      if (!(await app.inFlight.drained(SHUTDOWN_GRACE_MS / 2))) logger.warn({ running: app.inFlight.running }, 'closing with calls still running');
      await database.close();
      logger.info('stopped');
      // The last lines go out if the output takes them; a closed or full one does not hold the exit.
      await logOutput.flush(LOG_FLUSH_MS);
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while shutting down');
      await logOutput.flush(LOG_FLUSH_MS);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  if (worker) process.on('message', (message) => message === SHUTDOWN_MESSAGE && void shutdown('primary', 'ignore'));

  const port = worker === 'back-office' && env.BACK_OFFICE_PORT !== undefined ? env.BACK_OFFICE_PORT : env.PORT;
  await app.listen({ port, host: env.HOST });
  if (worker) {
    logger.info({ worker: cluster.worker?.id, port, ...(worker === 'back-office' ? { serves: 'back office' } : {}) }, 'worker is serving');
    // The primary says the shop is open once every worker has said it serves: its line must
    // not come out before theirs, so the worker's line goes out first (or the wait gives up).
    await logOutput.flush(LOG_FLUSH_MS);
    process.send?.(SERVING_MESSAGE);
    return;
  }
  logger.info({ engine: database.engine, url: config.publicBaseUrl, port: env.PORT }, `${config.name} is open`);
  if (devMailbox) logger.info({ url: `${config.publicBaseUrl}/dev/mailbox` }, 'e-mail is not sent but kept: read it in the development mailbox');
}

/**
 * The primary process with several workers (decision 0077): it forks them (node:cluster shares
 * the port between them), replaces one that dies unless they die in a loop, and on a stop signal
 * asks each to shut down as one process would, within the same grace period. It serves nothing.
 * With a back-office port, one more worker serves that port alone (decision 0107) and is replaced
 * as such when it dies.
 */
function runPrimary(
  env: Env,
  { config }: Shop,
  { shop: shopWorkers, backOfficePort: officePort }: { shop: number; backOfficePort: number | null },
  { logger, logOutput, watchdog }: { logger: Logger; logOutput: LogOutput; watchdog: ExitWatchdog },
): void {
  const count = shopWorkers + (officePort === null ? 0 : 1);
  const devMailbox = !env.SMTP_URL && (env.DEV_MAILBOX ?? env.NODE_ENV !== 'production');
  if (env.SMTP_URL && env.DEV_MAILBOX) logger.warn('DEV_MAILBOX is ignored: SMTP_URL is set, so e-mail is sent');
  let stopping = false;
  let open = false;
  const deaths: number[] = [];
  const roles = new Map<number, Role>();
  const fork = (role: Role) => {
    const worker = cluster.fork({ PORT: String(env.PORT), [BACK_OFFICE_WORKER]: role === 'back-office' ? '1' : '0' });
    roles.set(worker.id, role);
  };

  const finish = async (code: number) => {
    await logOutput.flush(LOG_FLUSH_MS);
    process.exit(code);
  };
  const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());

  const stopAll = (signal: string, code: number) => {
    if (stopping) {
      // A second Ctrl-C or SIGTERM: the person means now, and no worker outlives the primary.
      logger.warn({ signal }, 'second stop signal: exiting now');
      for (const worker of liveWorkers()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    watchdog.arm(SHUTDOWN_GRACE_MS);
    logger.info({ signal, workers: liveWorkers().length }, 'shutting down: each worker finishes its requests in flight');
    const force = setTimeout(() => {
      logger.error('the workers did not stop in time; ending them');
      for (const worker of liveWorkers()) worker.process.kill('SIGKILL');
      void finish(1);
    }, SHUTDOWN_GRACE_MS - 2 * LOG_FLUSH_MS);
    force.unref();
    const exitCode = code;
    const check = () => {
      if (liveWorkers().length > 0) return;
      clearTimeout(force);
      logger.info('stopped');
      void finish(exitCode);
    };
    cluster.on('exit', check);
    for (const worker of liveWorkers()) {
      // A worker still starting has no message handler yet: a signal then stops it the same way.
      if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE, (error: Error | null) => error && worker.process.kill('SIGTERM'));
      else worker.process.kill('SIGTERM');
    }
    check();
  };

  // One scrape of the shop's port sees every worker's figures, gathered here (decision 0119).
  aggregateMetrics();
  const serving = new Set<number>();
  cluster.on('message', (worker, message) => {
    if (message !== SERVING_MESSAGE) return;
    serving.add(worker.id);
    if (open || serving.size < count) return;
    open = true;
    logger.info({ engine: 'postgres', url: config.publicBaseUrl, port: env.PORT, workers: shopWorkers, ...(officePort === null ? {} : { backOfficePort: officePort }) }, `${config.name} is open`);
    if (officePort !== null) logger.info({ port: officePort }, `the back office has a worker of its own on port ${officePort}: open /staff there`);
    if (devMailbox) logger.info({ url: `${config.publicBaseUrl}/dev/mailbox` }, 'e-mail is not sent but kept: read it in the development mailbox');
  });
  cluster.on('exit', (worker, code, signal) => {
    serving.delete(worker.id);
    if (stopping) return;
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && deaths[0]! < now - RESPAWN_WINDOW_MS) deaths.shift();
    if (!open) {
      logger.fatal({ workerPid: worker.process.pid, code, signal }, 'a worker failed while the shop was starting; stopping');
      stopAll('worker failed at start', 1);
      return;
    }
    if (deaths.length >= RESPAWN_LIMIT) {
      logger.fatal({ workerPid: worker.process.pid, code, signal, deaths: deaths.length, windowMs: RESPAWN_WINDOW_MS }, 'workers keep dying; stopping the shop');
      stopAll('workers keep dying', 1);
      return;
    }
    const role = roles.get(worker.id) ?? 'shop';
    roles.delete(worker.id);
    logger.error({ workerPid: worker.process.pid, code, signal, ...(role === 'back-office' ? { serves: 'back office' } : {}) }, 'a worker died; starting a new one');
    fork(role);
  });
  process.on('SIGTERM', () => stopAll('SIGTERM', 0));
  process.on('SIGINT', () => stopAll('SIGINT', 0));

  logger.info({ workers: count }, officePort === null ? `starting ${count} worker processes` : `starting ${count} worker processes (${shopWorkers} for the shop, 1 for the back office)`);
  for (let index = 0; index < shopWorkers; index += 1) fork('shop');
  if (officePort !== null) fork('back-office');
}

main().catch((error: unknown) => {
  // Configuration and catalogue errors are for a person to read, not a stack trace; they can
  // quote the files' values, so they are printed with their control characters made visible.
  printError(error instanceof Error ? error.message : error);
  process.exit(1);
});
