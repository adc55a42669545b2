import pino from 'pino';
import { buildApp } from './app';
import { prepareShop, WEB_ROOT } from './bootstrap';
import { readEnv } from './env';
import { startExitWatchdog } from './lib/exit-watchdog';
import { freePort } from './lib/free-port';
import { createLogDestination } from './lib/log-destination';
import { printError } from './lib/terminal-output';
import { gatewayEnvironmentFromEnv } from './modules/payments/gateways/configured';

/** From the first stop signal to the process's end, whatever happens to its output (issue 18, point 11). */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long the last log lines may take to go out before the process exits anyway. */
const LOG_FLUSH_MS = 500;

// A reader that went away (EPIPE) must not turn a console write into an uncaught error.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

async function main(): Promise<void> {
  const readEnvironment = readEnv();
  // PORT=0 asks for any free port. It is chosen before the configuration is read, because the
  // demo's public address (the links in its e-mails) is derived from the port it listens on.
  const env = readEnvironment.PORT === 0 ? { ...readEnvironment, PORT: await freePort(readEnvironment.HOST) } : readEnvironment;
  const watchdog = startExitWatchdog();
  const logOutput = createLogDestination(1);
  const logger = pino({ level: env.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] }, logOutput);
  const { database, config } = await prepareShop(env, logger);
  // The mailbox shows every customer's mail to anyone: only without SMTP, and in production only
  // when asked for (npm start asks for it when it runs the demo shop; decision 0014).
  const devMailbox = !env.SMTP_URL && (env.DEV_MAILBOX ?? env.NODE_ENV !== 'production');
  if (env.SMTP_URL && env.DEV_MAILBOX) logger.warn('DEV_MAILBOX is ignored: SMTP_URL is set, so e-mail is sent');
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
    mailFrom: env.MAIL_FROM,
    devMailbox,
    ...(env.TRUST_PROXY !== undefined ? { trustProxy: env.TRUST_PROXY } : {}),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
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

  await app.listen({ port: env.PORT, host: env.HOST });
  logger.info({ engine: database.engine, url: config.publicBaseUrl, port: env.PORT }, `${config.name} is open`);
  if (devMailbox) logger.info({ url: `${config.publicBaseUrl}/dev/mailbox` }, 'e-mail is not sent but kept: read it in the development mailbox');
}

main().catch((error: unknown) => {
  // Configuration and catalogue errors are for a person to read, not a stack trace; they can
  // quote the files' values, so they are printed with their control characters made visible.
  printError(error instanceof Error ? error.message : error);
  process.exit(1);
});
