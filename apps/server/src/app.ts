import cluster from 'node:cluster';
import { answerPrimary, createShopMetrics, registerMetrics } from './observability/metrics';
import { randomBytes } from 'node:crypto';
import { BROTLI_OPTIONS, GZIP_OPTIONS, ONE_CALL_MAX_BYTES } from './http/compression';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { configIn, type ShopConfigFile } from '@festival/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { installErrorHandler, unroutableRequestHandler } from './http/error-handler';
import { speakLanguages } from './lib/language';
import { createInFlightTracker } from './http/in-flight';
import { requireXhrHeader } from './http/require-xhr';
import { installSecurityHeaders, installServerTiming, securityHeaders } from './http/security-headers';
import { AccessLog } from './http/access-log';
import { installNoStore, NO_STORE_HEADERS } from './http/no-store';
import { registerWebApp } from './http/web-app';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogReader } from './modules/catalog/catalog-snapshot';
import { buildClientConfig } from './modules/config/shop-config';
import { registerApiRoute } from './http/api-route';
import { readerLanguage } from './lib/reader';
import { registerAccountRoutes } from './modules/accounts/accounts.routes';
import { createAccountService, type AccountLimitChanges } from './modules/accounts/accounts.service';
import { startPeriodicTask } from './lib/periodic-task';
import { registerCartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { DEFAULT_ENDED_CART_KEEP_MS, HOLD_LIMITS, type HoldLimits } from './modules/cart/hold-limits';
import { createNetworkKeys } from './lib/network-keys';
import { registerCheckoutRoutes } from './modules/checkout/checkout.routes';
import { createCheckoutService } from './modules/checkout/checkout.service';
import { registerOrderLinkRoutes } from './modules/checkout/order-links.routes';
import { createOrderLinksService, type LinkAttemptLimits } from './modules/checkout/order-links.service';
import { registerPaymentRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { isSandboxGateway, registerSandboxGateway, type SandboxGateway } from './modules/payments/sandbox-gateway';
import { createConfiguredGateway } from './modules/payments/gateways/configured';
import type { PaymentGateway } from './modules/payments/gateway';
import { chooseGateway, withOfferedPaymentMethods, type GatewayEnvironment } from './modules/payments/gateway-choice';
import { createInvoiceService } from './modules/checkout/invoice.service';
import { createVoucherGuard, type VoucherLimits } from './modules/checkout/voucher-guard';
import { DEV_MAILBOX_PATH, registerDevMailbox } from './modules/mail/dev-mailbox.routes';
import { createMailer, type MailerOptions } from './modules/mail/mail-sender';
import { senderAddress } from './modules/mail/sender-address';
import { createCustomerData, createVisitorAnswers } from './modules/data/data.service';
import { registerDataRoutes } from './modules/data/data.routes';
import { pagePreloadMarkup } from './modules/data/page-preload';
import { registerPortalRoutes } from './modules/portal/portal.routes';
import { LINK_PART_MAX_LENGTH, registerDocumentRoutes } from './modules/documents/documents.routes';
import { registerCheckinRoutes } from './modules/checkin/checkin.routes';
import { createCheckinService } from './modules/checkin/checkin.service';
import { registerCheckinListRoutes } from './modules/checkin/checkin-lists.routes';
import { createCheckinListAdmin } from './modules/checkin/checkin-lists.service';
import { createScanners, type ScannerSignInLimits } from './modules/checkin/scanners';
import { createStaffSessions, STAFF_SESSION_CACHE_MS, type SecondFactorBudget, type StaffSignInLimits } from './modules/staff/staff-sessions';
import { createStaffGuard, registerStaffRoutes } from './modules/staff/staff.routes';
import { registerStaffAdminRoutes } from './modules/staff/staff-admin.routes';
import { registerBackofficeOrderRoutes } from './modules/backoffice/orders.routes';
import { registerRefundQueueRoutes } from './modules/backoffice/refunds.routes';
import { createRefundQueue } from './modules/backoffice/refunds.service';
import { registerExportRoutes } from './modules/backoffice/exports.routes';
import { createExports } from './modules/backoffice/exports.service';
import { registerDashboardRoutes } from './modules/backoffice/dashboard.routes';
import { createDashboardService } from './modules/backoffice/dashboard.service';
import { registerCatalogueRoutes } from './modules/backoffice/catalogue.routes';
import { createCatalogueAdmin } from './modules/backoffice/catalogue.service';
import { createCatalogueChecker, type CatalogueChecker } from './modules/catalog/catalogue-checker';
import { registerOnsaleRoutes } from './modules/backoffice/onsales.routes';
import { createOnsaleAdmin } from './modules/backoffice/onsales.service';
import { registerVoucherRoutes } from './modules/backoffice/vouchers.routes';
import { registerRateRoutes } from './modules/backoffice/rates.routes';
import { createRateAdmin } from './modules/backoffice/rates.service';
import { registerQuestionRoutes } from './modules/backoffice/questions.routes';
import { createQuestionAdmin } from './modules/backoffice/questions.service';
import { createVoucherAdmin } from './modules/backoffice/vouchers.service';
import { registerBoxOfficeRoutes } from './modules/backoffice/box-office.routes';
import { createBoxOffice } from './modules/backoffice/box-office.service';
import { registerGuestRoutes } from './modules/backoffice/guests.routes';
import { createGuestLists } from './modules/backoffice/guests.service';
import { createStaffAccounts } from './modules/staff/staff-accounts';
import { createTicketKeys } from './modules/checkin/ticket-keys';
import { createDocumentsService } from './modules/documents/documents.service';
import { createPortalService } from './modules/portal/portal.service';
import { registerWaitingRoomRoutes } from './modules/onsale/onsale.routes';
import { createWaitingRoom, type JoinLimits } from './modules/onsale/waiting-room';

export interface AppOptions {
  db: Db;
  config: ShopConfigFile;
  /** The built web app folder; pages answer 503 when it has no index.html. */
  webRoot: string;
  /**
   * Whether this app says the start-up warnings (a gateway that may not take payments, an open
   * development mailbox). With several worker processes only the first says them (decision 0077).
   */
  startupNotices?: boolean;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** How long visitors share one catalogue snapshot (ms); 0 reads the database every time. */
  catalogMaxAgeMs?: number;
  /** Reads and validates uploaded catalogue files on worker threads (decision 0053); closed with the app. */
  catalogueChecker?: CatalogueChecker;
  /** How long a cart holds stock and seats (ms); CART_HOLD_MINUTES in production. */
  cartHoldMs?: number;
  /** How often expired carts are ended and unpaid card orders past their time abandoned (ms). */
  cartSweepIntervalMs?: number;
  /** Caps on the units one cart, network address and network hold at once (HOLD_LIMIT_*; decision 0025). */
  holdLimits?: Partial<HoldLimits>;
  /** Wrong scanner codes per address and network in 15 minutes (SCANNER_SIGN_IN_LIMITS by default). */
  scannerSignInLimits?: ScannerSignInLimits;
  /** Wrong staff sign-ins allowed per address, network and account (tests set them out of reach). */
  staffSignInLimits?: StaffSignInLimits;
  /** Wrong second factors an account may give per window, across its sign-ins (SECOND_FACTOR_BUDGET by default). */
  staffSecondFactorBudget?: SecondFactorBudget;
  /** How long an instance trusts a live scanner session before asking again (SCANNER_SESSION_CACHE_MS by default; 0: every call). */
  scannerSessionCacheMs?: number;
  /** How long an instance trusts a signed-in staff session before asking again (STAFF_SESSION_CACHE_MS by default; 0: every call). */
  staffSessionCacheMs?: number;
  /** How long an expired cart and its holders' details are kept after its hold ended (ms; ENDED_CART_KEEP_MINUTES). */
  endedCartKeepMs?: number;
  /** How often expired carts past their keeping time are deleted (ms). */
  cartCleanupIntervalMs?: number;
  /** How often instalment reminders are looked for (ms). */
  reminderIntervalMs?: number;
  /** Account calls answer no sooner than this (ms), whichever path they took. */
  accountAnswerFloorMs?: number;
  /** The window of the login and reset attempt limits (ms). */
  accountLimitWindowMs?: number;
  /** Other account attempt limits than accounts.service's LIMITS (tests). */
  accountLimits?: AccountLimitChanges;
  /** The window of the limits on wrong voucher codes (ms; decision 0023). */
  voucherLimitWindowMs?: number;
  /** Other limits on wrong voucher codes than VOUCHER_LIMITS (tests). */
  voucherLimits?: Partial<VoucherLimits>;
  /** Behind a reverse proxy: true, or the proxies' addresses (Fastify's trustProxy), so per-address limits see the visitor's address. */
  trustProxy?: boolean | string;
  /** The SMTP server e-mail goes to (SMTP_URL); unset keeps e-mail in the outbox, unsent. */
  smtpUrl?: string | undefined;
  /** The sender of every message (MAIL_FROM); defaults to the shop's name at no-reply@ its public host. */
  mailFrom?: string | undefined;
  /** Serve the kept e-mail at /dev/mailbox; only without smtpUrl (see decision 0014). */
  devMailbox?: boolean;
  /** The shop's secret (APP_SECRET): signs order checksums. Without one (tests) a random secret serves this app. */
  appSecret?: string;
  /** Earlier APP_SECRETs (APP_SECRET_PREVIOUS) whose order links are still honoured; new links are signed with appSecret (decision 0027). */
  previousAppSecrets?: string[] | undefined;
  /** Card attempts through order links without the owner's session, per link and per network address (decision 0027; tests lower them). */
  linkAttemptLimits?: Partial<LinkAttemptLimits> | undefined;
  /** NODE_ENV, SANDBOX_PAYMENTS and whether the configuration is the demo's: they decide whether the sandbox gateway may take payments (decision 0026). Outside production by default. */
  gatewayEnvironment?: GatewayEnvironment;
  /** The sandbox gateway to use when the configuration names it (tests keep it to read what the shop asked of it); one made from appSecret otherwise. */
  sandboxGateway?: SandboxGateway;
  /** The gateway to use whatever the configuration names (tests that wrap a provider's adapter); built from the configuration and credentials otherwise. */
  gateway?: PaymentGateway;
  /** The clock of the order, payment and reminder rules (tests move it); the wall clock by default. */
  now?: () => Date;
  /** The staff's lane of the same database (Database.backOfficeDb): staff sessions and the dashboard read there. `db` by default. */
  backOfficeDb?: Db;
  /** How old the waiting rooms' state may be when a waiting page asks (ms; default 1 s; tests 0). */
  waitingRoomStateMaxAgeMs?: number;
  /** How long the back office's on-sale figures are shared by one instance's pages (ms; default 2 s, 0 in tests that watch them change). */
  onsaleFiguresCacheMs?: number;
  /** How often the waiting rooms' admission step runs (ms; default 1 s). */
  admissionStepIntervalMs?: number;
  /** Other limits on new queue places per address and network than JOIN_LIMITS (tests). */
  queueJoinLimits?: Partial<JoinLimits>;
  /** Every answer says how long the server spent on it (`Server-Timing: app;dur=<ms>`; SERVER_TIMING). */
  serverTiming?: boolean;
  /** The bearer token of GET /metrics (METRICS_TOKEN, decision 0119); undefined: not served. */
  metricsToken?: string;
  /** Timings of the mail sender: poll interval, lease, send timeout, batch size, retry back-off (tests shorten them). */
  mail?: Pick<MailerOptions, 'pollMs' | 'leaseMs' | 'sendTimeoutMs' | 'batchSize' | 'retry'>;
}


export const BODY_LIMIT_BYTES = 64 * 1024;
export const DEFAULT_CATALOG_MAX_AGE_MS = 1000;
export const DEFAULT_CART_HOLD_MS = 15 * 60_000;
export const DEFAULT_CART_SWEEP_INTERVAL_MS = 1000;
export const DEFAULT_REMINDER_INTERVAL_MS = 60_000;
export const DEFAULT_CART_CLEANUP_INTERVAL_MS = 60_000;
/** How often each instance runs the waiting rooms' admission step (one at a time advances a room; decision 0048). */
export const DEFAULT_ADMISSION_STEP_INTERVAL_MS = 1000;

/** Builds the shop without listening, so tests run the same app the server runs. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db } = options;
  // Before anything starts: a configuration whose gateway may not take payments here is refused (decision 0026).
  const gatewayChoice = chooseGateway(options.config, options.gatewayEnvironment ?? { production: false, demoConfig: false });
  const notices = options.startupNotices === false ? undefined : options.logger;
  for (const warning of gatewayChoice.warnings) notices?.warn(warning);
  // Without a usable gateway no card payment is offered, to the browser or at checkout.
  const config = withOfferedPaymentMethods(options.config, gatewayChoice);
  const appSecret = options.appSecret ?? randomBytes(32).toString('hex');
  // Card payments go through the configured gateway: Stripe, Mollie, the sandbox (a simulated
  // provider inside the shop; decisions 0017, 0026), or none (no card payments).
  const gateway =
    gatewayChoice.provider === null
      ? null
      : (options.gateway ?? createConfiguredGateway(gatewayChoice, { credentials: options.gatewayEnvironment?.credentials, appSecret, logger: options.logger, sandbox: options.sandboxGateway }));
  const app = Fastify({
    // One access-log line per answer instead of Fastify's two (http/access-log.ts).
    ...(options.logger ? { loggerInstance: options.logger, logController: new AccessLog() } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Download links carry a whole e-mail address, percent-encoded (decision 0029).
    routerOptions: { maxParamLength: LINK_PART_MAX_LENGTH },
    return503OnClosing: true,
    requestTimeout: 30_000,
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    // A path the router cannot read runs no hook: its answer carries their headers itself (decision 0054).
    frameworkErrors: unroutableRequestHandler({ ...securityHeaders(gateway?.browserOrigins ?? []), ...NO_STORE_HEADERS }),
  });

  app.decorate('inFlight', createInFlightTracker());
  speakLanguages(app, config.languages);
  installErrorHandler(app);
  // The provider's page is the only other place a form may go (decision 0037).
  installSecurityHeaders(app, gateway?.browserOrigins ?? []);
  // Personal data is never cached: one hook for every answer, refusals included (decision 0054).
  installNoStore(app);
  if (options.serverTiming) installServerTiming(app);
  // Answers are compressed as they go out (http/compression.ts); one that was compressed ahead
  // (the visitor's get-data) or built so (assets) goes out as it is.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    // Answers up to 64 KiB (every API answer but exports) are compressed in one call on the
    // event loop, not through a zlib stream per answer: the stream's set-up cost more than the
    // compressing, several times over at an on-sale's 16 KB answers (a logged-in get-data: about
    // 1 ms of CPU in brotli's stream, 0.13 ms in one call). The library's default (8 KiB on two
    // cores, 4 KiB on more) counts on spare cores for its threads, which an on-sale's workers,
    // one per core, do not leave (decision 0090).
    syncThreshold: ONE_CALL_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
  // Limits are applied per route (login, password reset); festival buyers share carrier NATs.
  await app.register(rateLimit, { global: false });
  requireXhrHeader(app);

  // Prometheus metrics (decision 0119), when a token is set: every answer observed, the figures for a bearer of the token only.
  if (options.metricsToken) {
    const metrics = createShopMetrics(options.backOfficeDb ?? db);
    registerMetrics(app, metrics, options.metricsToken);
    if (cluster.isWorker) {
      const stopAnswering = answerPrimary(metrics.registry);
      app.addHook('onClose', async () => stopAnswering());
    }
  }

  // Readiness for a balancer (/healthz, and /readyz as orchestrators name it): the database answers.
  const ready = async (_request: unknown, reply: FastifyReply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  };
  app.get('/healthz', ready);
  app.get('/readyz', ready);
  // Liveness: the process answers, whatever the database does (an orchestrator restarts the process only when this fails).
  app.get('/livez', async () => ({ status: 'ok' }));

  const now = options.now ?? (() => new Date());
  const catalog = createCatalogReader(db, options.catalogMaxAgeMs ?? DEFAULT_CATALOG_MAX_AGE_MS, now, config.languages);
  const visitorAnswer = createVisitorAnswers(config);
  const customerData = createCustomerData(db, config, appSecret, now, gateway?.provider ?? null);
  registerDataRoutes(app, db, catalog, visitorAnswer, customerData);
  registerCatalogRoutes(app, db, catalog);
  const holdMs = options.cartHoldMs ?? DEFAULT_CART_HOLD_MS;
  // Addresses are stored only as keyed hashes (decision 0025).
  const networkKeys = createNetworkKeys(appSecret);
  const carts = createCartService({ db, config, catalog, holdMs, networkKeys, holdLimits: { ...HOLD_LIMITS, ...options.holdLimits } });
  // Passes are checked under the current secret and any previous one still honoured (decision 0027).
  const linkSecrets = [appSecret, ...(options.previousAppSecrets ?? [])];
  // The on-sale waiting rooms (issue 23, decision 0048): the stock calls of their products need an admission pass.
  const waitingRoom = createWaitingRoom({ db, secrets: linkSecrets, catalog, networkKeys, now, ...(options.waitingRoomStateMaxAgeMs !== undefined ? { stateMaxAgeMs: options.waitingRoomStateMaxAgeMs } : {}), ...(options.queueJoinLimits ? { joinLimits: options.queueJoinLimits } : {}) });
  app.decorate('waitingRoom', waitingRoom);
  // The server's own time on each stock call an admission let in counts toward its on-sale's
  // self-steering rate (decision 0079): the gate marks the request, the answer records it.
  app.decorateRequest('admittedOnsales', null);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.admittedOnsales) waitingRoom.recordCall(request.admittedOnsales, reply.elapsedTime);
    done();
  });
  registerWaitingRoomRoutes(app, { db, room: waitingRoom });
  registerCartRoutes(app, db, carts, visitorAnswer, customerData, waitingRoom);
  const mailer = createMailer({ db, config, smtpUrl: options.smtpUrl, mailFrom: options.mailFrom, logger: options.logger, ...options.mail });
  app.decorate('mailer', mailer);
  const mailQueued = () => mailer.wake();

  if (gateway && isSandboxGateway(gateway)) registerSandboxGateway(app, { gateway, config, logger: options.logger });
  const payments = createPaymentsService({ db, config, gateway, logger: options.logger, mailQueued, appSecret, now });
  if (gateway) await registerPaymentRoutes(app, { gateway, payments });
  const vouchers = createVoucherGuard(db, { windowMs: options.voucherLimitWindowMs, limits: options.voucherLimits });
  const checkout = createCheckoutService({ db, config, carts, catalog, payments, customerData, vouchers, holdMs, mailQueued, logger: options.logger, now, waitingRoom });
  const orderLinks = createOrderLinksService({ db, config, appSecret, linkSecrets, catalog, customerData, payments, now, mailQueued, attemptLimits: options.linkAttemptLimits });
  registerOrderLinkRoutes(app, { db, orderLinks });
  registerCheckoutRoutes(app, { db, invoices: createInvoiceService({ db, carts, vouchers, now }), checkout, payments, catalog, customerData });
  const portal = createPortalService({ db, config, catalog, customerData, appSecret, now, mailQueued, logger: options.logger, refundProvider: gateway?.provider ?? null });
  registerPortalRoutes(app, { db, portal });
  const ticketKeys = createTicketKeys({ db, secrets: linkSecrets });
  const documents = createDocumentsService({ db, config, linkSecrets, ticketKeys });
  registerDocumentRoutes(app, documents, config);
  // The staff's session checks, the dashboard's reads and the editors' saves on their own
  // connections (decisions 0043 and 0102): the back office never queues behind the buyers (a guest ticket's issue is a sale, through the box office's own lane).
  const staffDb = options.backOfficeDb ?? db;
  const staffSessions = createStaffSessions({ db: staffDb, secrets: linkSecrets, issuer: config.name, now, mail: { config, mailQueued }, sessionCacheMs: options.staffSessionCacheMs ?? STAFF_SESSION_CACHE_MS, networkKeys, ...(options.staffSignInLimits ? { signInLimits: options.staffSignInLimits } : {}), ...(options.staffSecondFactorBudget ? { secondFactorBudget: options.staffSecondFactorBudget } : {}) });
  // One guard for every back-office call: the roles of each are the contract's (decision 0042).
  const staffGuard = createStaffGuard(staffSessions);
  registerStaffRoutes(app, { sessions: staffSessions, guard: staffGuard, timezone: config.timezone, currency: config.currency });
  const scanners = createScanners({ db, now, networkKeys, ...(options.scannerSignInLimits ? { limits: options.scannerSignInLimits } : {}), ...(options.scannerSessionCacheMs !== undefined ? { sessionCacheMs: options.scannerSessionCacheMs } : {}) });
  registerStaffAdminRoutes(app, { db, accounts: createStaffAccounts({ db, now, changed: (staffId) => staffSessions.forgetMember(staffId), mail: { config, mailQueued } }), scanners, guard: staffGuard });
  registerBackofficeOrderRoutes(app, { db, config, catalog, payments, gateway: gateway ?? null, appSecret, now, mailQueued, logger: options.logger, documents, guard: staffGuard });
  registerRefundQueueRoutes(app, { refunds: createRefundQueue({ db, config, gateway, logger: options.logger, now, mailQueued }), guard: staffGuard });
  registerExportRoutes(app, { exports: createExports({ db, config, now }), guard: staffGuard });
  registerDashboardRoutes(app, { dashboard: createDashboardService({ db: staffDb, timezone: config.timezone, currency: config.currency, now }), guard: staffGuard });
  registerBoxOfficeRoutes(app, { db, config, catalog, payments, appSecret, now, mailQueued, guard: staffGuard });
  registerGuestRoutes(app, { guests: createGuestLists({ db: staffDb, readDb: staffDb, config, catalog, boxOffice: createBoxOffice({ db, config, catalog, payments, appSecret, now, mailQueued }) }), guard: staffGuard });
  const catalogueChecker = options.catalogueChecker ?? createCatalogueChecker({ languages: config.languages });
  // Its threads end with the server: an upload being checked must not keep a stopping process alive.
  app.addHook('onClose', async () => catalogueChecker.close());
  registerCatalogueRoutes(app, { catalogue: createCatalogueAdmin({ db: staffDb, config, catalog, now, checker: catalogueChecker, listsChanged: (codes) => codes.forEach((code) => checkin.forgetList(code)) }), guard: staffGuard });
  registerOnsaleRoutes(app, { onsales: createOnsaleAdmin({ db: staffDb, readDb: staffDb, room: waitingRoom, now, ...(options.onsaleFiguresCacheMs !== undefined ? { cacheMs: options.onsaleFiguresCacheMs } : {}) }), guard: staffGuard });
  registerVoucherRoutes(app, { vouchers: createVoucherAdmin({ db: staffDb, readDb: staffDb, config, now }), guard: staffGuard });
  registerRateRoutes(app, { rates: createRateAdmin({ db: staffDb, readDb: staffDb, config, catalog }), guard: staffGuard });
  registerQuestionRoutes(app, { questions: createQuestionAdmin({ db: staffDb, readDb: staffDb, config, catalog }), guard: staffGuard });
  const checkin = createCheckinService({ db, ticketKeys, locale: config.locale, now });
  registerCheckinRoutes(app, { scanners, checkin });
  registerCheckinListRoutes(app, { lists: createCheckinListAdmin({ db: staffDb, readDb: staffDb, now, changed: (code) => checkin.forgetList(code) }), guard: staffGuard });

  if (options.devMailbox && !options.smtpUrl) {
    registerDevMailbox(app, { db, config, from: senderAddress(options.mailFrom, config) });
    notices?.warn({ path: DEV_MAILBOX_PATH }, `the development mailbox is open: anyone who can reach this server can read every e-mail at ${DEV_MAILBOX_PATH}`);
  }
  const accounts = createAccountService({
    db,
    config,
    customerData,
    catalog,
    mailQueued,
    networkKeys,
    ...(options.accountAnswerFloorMs !== undefined ? { answerFloorMs: options.accountAnswerFloorMs } : {}),
    ...(options.accountLimitWindowMs !== undefined ? { limitWindowMs: options.accountLimitWindowMs } : {}),
    ...(options.accountLimits !== undefined ? { limits: options.accountLimits } : {}),
  });
  registerAccountRoutes(app, accounts);
  const background: { stop(): Promise<void> }[] = [];
  app.addHook('onReady', async () => {
    const interval = options.cartSweepIntervalMs ?? DEFAULT_CART_SWEEP_INTERVAL_MS;
    background.push(
      startPeriodicTask('ended expired carts', () => carts.sweep(), interval, options.logger),
      startPeriodicTask('deleted expired carts', () => carts.deleteEnded(options.endedCartKeepMs ?? DEFAULT_ENDED_CART_KEEP_MS), options.cartCleanupIntervalMs ?? DEFAULT_CART_CLEANUP_INTERVAL_MS, options.logger),
      startPeriodicTask('abandoned unpaid card orders', () => payments.abandonOverdue(), interval, options.logger),
      startPeriodicTask('admitted from the waiting rooms', () => waitingRoom.stepAll(), options.admissionStepIntervalMs ?? DEFAULT_ADMISSION_STEP_INTERVAL_MS, options.logger),
      startPeriodicTask('queued instalment reminders', () => payments.sendInstalmentReminders(), options.reminderIntervalMs ?? DEFAULT_REMINDER_INTERVAL_MS, options.logger),
    );
    mailer.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([...background.map((task) => task.stop()), mailer.stop()]);
  });

  // A switch of language without a reload (decision 0094): the configuration in the new language.
  registerApiRoute(app, 'get-page-config', async (input) => ({ config: buildClientConfig(config, (await catalog.current()).eventSettings, readerLanguage(config, input.language)) }));

  await registerWebApp(app, {
    root: options.webRoot,
    clientConfig: async (language) => buildClientConfig(config, (await catalog.current()).eventSettings, language),
    pagePreload: async (url, language) => {
      const snapshot = (await catalog.current()).in(language);
      return pagePreloadMarkup(url, snapshot, visitorAnswer.json(snapshot), configIn(config, language));
    },
  });
  return app;
}
