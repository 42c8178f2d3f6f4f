import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Cluster } from './cluster/cluster';
import { openCluster } from './cluster/open-cluster';
import type { Config } from './config';
import type { Database } from './db/client';
import { installErrorHandler } from './http/error-handler';
import { Idempotency } from './http/idempotency';
import { IdempotencyRepository } from './http/idempotency.repository';
import { requestLanguage } from './http/request-language';
import { securityHeaders } from './http/security-headers';
import { serveMetrics } from './metrics/metrics.routes';
import { NodeMetrics } from './metrics/node-metrics';
import {
  AdjustmentsRepository,
  AdjustmentsService,
  adjustmentReview,
  adjustmentsRoutes,
} from './modules/adjustments';
import { AdminsRepository, AdminsService, AuditRepository, adminRoutes } from './modules/admin';
import { adminOutboxRoutes } from './modules/admin-outbox';
import { AdminUsersService, adminUsersRoutes } from './modules/admin-users';
import {
  AdminUsersRepository,
  AttemptLimit,
  AuthRateLimits,
  AuthRepository,
  AuthService,
  authRoutes,
  DEFAULT_RATE_LIMITS,
  inProcessLimiters,
  MarketMakerRepository,
  ProfileRepository,
  type RateLimitOptions,
  redisLimiters,
} from './modules/auth';
import { BannersRepository, BannersService, bannerAdminRoutes, bannerRoutes } from './modules/banners';
import {
  ContentRepository,
  ContentService,
  contentAdminRoutes,
  contentRoutes,
  seedContent,
} from './modules/content';
import {
  DEMO_STARTS_PER_HOUR,
  DemoCleanupJob,
  type DemoOrderCounts,
  type DemoProduct,
  DemoRepository,
  DemoService,
  demoAdminRoutes,
  demoRoutes,
} from './modules/demo';
import { DepositsRepository, DepositsService, depositReview, depositRoutes } from './modules/deposits';
import {
  EarnAccrualJob,
  type EarnClock,
  EarnRepository,
  EarnService,
  earnAdminRoutes,
  earnRoutes,
} from './modules/earn';
import {
  FundingRepository,
  FundingSettlement,
  FuturesMarkets,
  FuturesMarketsRepository,
  FuturesOrdersRepository,
  FuturesOrdersService,
  FuturesSettings,
  FuturesSettingsRepository,
  FuturesStats,
  FuturesTickers,
  futuresBookRoutes,
  futuresMarketAdminRoutes,
  futuresMarketRoutes,
  futuresOrdersRoutes,
} from './modules/futures';
import { healthRoutes, Readiness } from './modules/health';
import { IdentityRepository, IdentityService, identityReview, identityRoutes } from './modules/identity';
import { LedgerRepository, LedgerService, ledgerRoutes, WalletRepository } from './modules/ledger';
import { FuturesMarketMaker, MarketMaker } from './modules/market-maker';
import {
  MarketsRepository,
  MarketsService,
  marketAdminRoutes,
  marketRoutes,
  priceFeedOf,
} from './modules/markets';
import {
  MembershipRepository,
  MembershipService,
  MembershipSnapshotJob,
  membershipAdminRoutes,
  membershipRoutes,
} from './modules/membership';
import { MenusRepository, MenusService, menuAdminRoutes, menuRoutes } from './modules/menus';
import { announcementRoutes, MessagesRepository, MessagesService, messageRoutes } from './modules/messages';
import {
  MissionsRepository,
  MissionsService,
  missionsAdminRoutes,
  missionsRoutes,
  RecordedMissionSources,
} from './modules/missions';
import { NetworksRepository, NetworksService, networkAdminRoutes, networkRoutes } from './modules/networks';
import {
  AdminOutboxRepository,
  Notifier,
  OutboxRepository,
  smtpSender,
  twilioSender,
} from './modules/notifications';
import {
  OptionOrdersRepository,
  OptionProductsRepository,
  OptionsService,
  optionsAdminRoutes,
  optionsRoutes,
  SETTLEMENTS_AT_ONCE,
} from './modules/options';
import {
  bankCardAccounts,
  cryptoWalletAccounts,
  PayoutAccountsRepository,
  PayoutAccountsService,
  payoutAccountReview,
  payoutAccountRoutes,
} from './modules/payout-accounts';
import { PasswordAttempts, ProfileService, profileRoutes } from './modules/profile';
import {
  ReferralCommissionJob,
  ReferralRepository,
  ReferralService,
  referralAdminRoutes,
  referralRoutes,
} from './modules/referral';
import { ReviewQueue, reviewRoutes } from './modules/review';
import {
  DemoDesk,
  DemoDeskRepository,
  SpotOrdersService,
  SpotRepository,
  spotMarketRoutes,
  spotRoutes,
} from './modules/spot';
import {
  AGENT_ROLES,
  SUPPORT_LIMITS,
  type SupportLimits,
  SupportPresence,
  SupportRepository,
  SupportService,
  supportAdminRoutes,
  supportDirectory,
  supportRoutes,
} from './modules/support';
import {
  SWAP_RATE_LIMITS,
  SwapDeskJob,
  type SwapRateLimits,
  SwapRepository,
  SwapService,
  swapAdminRoutes,
  swapRoutes,
} from './modules/swap';
import {
  adminUploadRoutes,
  LocalDiskStorage,
  S3Storage,
  UploadsRepository,
  UploadsService,
  uploadRoutes,
} from './modules/uploads';
import { userRoutes } from './modules/users';
import { WalletService, walletRoutes } from './modules/wallet';
import {
  WithdrawalsRepository,
  WithdrawalsService,
  withdrawalReview,
  withdrawalRoutes,
} from './modules/withdrawals';
import { RealtimeHub } from './realtime/hub';

import { realtimeRoutes, WS_MAX_PAYLOAD_BYTES, websocketErrorHandler } from './realtime/realtime.routes';
import { VERSION } from './version';
import { adminApp, adminDistBeside } from './web/admin-app';
import { webApp } from './web/web-app';

export type AppOptions = {
  config: Config;
  database: Database;
  rateLimits?: RateLimitOptions;
  logger?: FastifyServerOptions['logger'];
  /** What the node shares with others (decision 0044); alone, in process, when not given. */
  cluster?: Cluster;
  /** Requests a client address may make to the swap desk a minute (a bench raises them). */
  swapRateLimits?: SwapRateLimits;
  /**
   * Earn's clock (subscriptions' first accrual day, the accrual job's yesterday, maturities, today's figures): a
   * test moves it a day on and runs `app.earn.job.runNow()` to see an accrual; given, the job does not run on its
   * own timer. The system clock, and the job led through leadership, when not given.
   */
  earnClock?: EarnClock;
  /** Where the help centre's starting set is read from (content-seed.ts); the shipped files when not given. */
  contentSeedDir?: string;
  /** The chat's rate limits (a test or the bench changes them). */
  supportLimits?: SupportLimits;
};

/** A cluster of this app's own, closed with it. */
async function ownCluster(
  app: FastifyInstance,
  config: Config,
  database: Database,
  metrics: NodeMetrics,
): Promise<Cluster> {
  const own = await openCluster(config, database, app.log, (name, epoch) =>
    metrics.leadershipChanged(name, epoch),
  );
  app.addHook('onClose', async () => own.close());
  return own;
}

/** Wires the modules together; `main.ts` listens, tests call `inject` or listen on a free port. */
export async function buildApp({
  config,
  database,
  rateLimits = DEFAULT_RATE_LIMITS,
  logger,
  cluster: given,
  swapRateLimits = SWAP_RATE_LIMITS,
  earnClock,
  contentSeedDir,
  supportLimits = SUPPORT_LIMITS,
}: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestLanguage);
  await app.register(securityHeaders, { publicUrl: config.publicUrl });
  installErrorHandler(app);
  /** This node's Prometheus metrics (decision 0044); served only where `config.metrics` says. */
  const metrics = new NodeMetrics({ pools: () => database.poolUse(), websocket: () => realtime });
  metrics.timeRequests(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kestrel API', version: VERSION },
      ...(config.publicUrl ? { servers: [{ url: config.publicUrl }] } : {}),
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null },
    // The reference page gets a policy of its own, built from the hashes of swagger-ui's inline code: nothing
    // but its own files, no frames, and no upgrade-insecure-requests, which would break a plain-HTTP deployment.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' validator.swagger.io', '')
        .replaceAll(' https:', '')
        .replace(' upgrade-insecure-requests;', ''),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const cluster: Cluster = given ?? (await ownCluster(app, config, database, metrics));
  /** Rate limits and lock-outs: every node's in Redis when there are several (decision 0044). */
  const limiters = cluster.redis ? redisLimiters(cluster.redis.command, cluster.prefix) : inProcessLimiters;

  const { mode, sms } = config.messageDelivery;
  const notifier = new Notifier(
    new OutboxRepository(database.db),
    {
      email: config.smtpUrl ? smtpSender(config.smtpUrl, config.smtpFrom) : undefined,
      sms: sms ? twilioSender(sms) : undefined,
    },
    app.log,
    mode,
  );
  if (mode === 'development') {
    app.log.warn(
      { email: config.smtpUrl ? 'smtp' : 'log', sms: sms ? sms.provider : 'log' },
      'development message delivery: verification codes without a provider are written to this log; not for production (set SMTP_URL and SMS_PROVIDER, see README)',
    );
  }
  const messages = new MessagesService(new MessagesRepository(database.db));
  const admins = new AdminsService(
    new AdminsRepository(database.db),
    new AuthRateLimits(rateLimits, { scope: 'admin', store: limiters }),
  );
  /**
   * Live data at /ws: the trading modules publish through it, so it exists before they are built; it is told when
   * sessions end, so that their private channels stop at once, on every node.
   */
  const realtime: RealtimeHub = new RealtimeHub({
    authenticate: (token) => auth.authenticate(token),
    // An operator who answers customers follows the agents' inbox (decision 0052).
    authenticateOperator: async (token) => {
      const session = await admins.authenticate(token);
      if (!session || session.mustEnrolTotp || !AGENT_ROLES.includes(session.admin.role)) return undefined;
      return { id: session.admin.id };
    },
    maxConnectionsPerAddress: config.wsMaxConnectionsPerIp,
    logger: app.log,
    cluster,
  });
  const auth = new AuthService(
    new AuthRepository(database.db),
    notifier,
    new AuthRateLimits(rateLimits, { store: limiters }),
    messages,
    admins,
    realtime,
  );
  admins.tellSessionEndings(realtime);
  app.decorate('realtime', realtime);
  // Hears the other nodes before the modules that publish start (decision 0044).
  app.addHook('onReady', async () => realtime.start());
  app.addHook('onClose', async () => realtime.close());

  /** Not ready once closing starts, whatever else answers (main.ts drains before closing). */
  const readiness = new Readiness(database, cluster.redis?.command);
  app.decorate('readiness', readiness);
  app.addHook('preClose', async () => readiness.drain());
  await app.register(healthRoutes, {
    prefix: '/api',
    database,
    version: VERSION,
    leadership: cluster.leadership,
    readiness,
  });
  await app.register(authRoutes, { prefix: '/api/auth', auth });
  const uploads = new UploadsService(
    new UploadsRepository(database.db),
    config.uploadS3
      ? new S3Storage(config.uploadS3)
      : new LocalDiskStorage(path.join(config.dataDir, 'uploads')),
    limiters,
  );
  const profile = new ProfileService(
    new ProfileRepository(database.db),
    uploads,
    new PasswordAttempts(
      {
        failures: rateLimits.loginFailuresPerAccount,
        windowSeconds: rateLimits.loginWindowSeconds,
      },
      limiters,
    ),
    realtime,
  );
  const identityRepository = new IdentityRepository(database.db);
  const identity = new IdentityService(identityRepository, uploads);
  await app.register(userRoutes, { prefix: '/api/user', auth, identity });
  await app.register(uploadRoutes, { prefix: '/api/uploads', auth, uploads });
  await app.register(identityRoutes, { prefix: '/api/user', auth, identity });
  await app.register(profileRoutes, { prefix: '/api/user', auth, profile });
  await app.register(messageRoutes, { prefix: '/api/messages', auth, messages });

  if (config.adminEmail && config.adminPassword) {
    await admins.createOrReset(
      { email: config.adminEmail, password: config.adminPassword, role: 'super_admin' },
      { adminId: null, action: 'bootstrapSuperAdmin', ip: null },
    );
  }
  await app.register(adminRoutes, { prefix: '/api/admin', admins, audit: new AuditRepository(database.db) });
  const adminUsers = new AdminUsersService(new AdminUsersRepository(database.db), identity, realtime);
  await app.register(adminUsersRoutes, { prefix: '/api/admin', admins, users: adminUsers });
  await app.register(adminOutboxRoutes, {
    prefix: '/api/admin',
    admins,
    outbox: new AdminOutboxRepository(database.db),
  });
  await app.register(announcementRoutes, { prefix: '/api/admin', admins, messages });
  const banners = new BannersService(new BannersRepository(database.db), uploads);
  await app.register(bannerRoutes, { prefix: '/api/banners', banners, uploads });
  await app.register(bannerAdminRoutes, { prefix: '/api/admin', admins, banners });
  /** Menus set at run time (decision 0054): one list, saved whole by the content role, read by the app. */
  const menus = new MenusService(new MenusRepository(database.db));
  await app.register(menuRoutes, { prefix: '/api/menus', menus });
  await app.register(menuAdminRoutes, { prefix: '/api/admin', admins, menus });
  const contentRepository = new ContentRepository(database.db);
  // After the migrations (openDatabase ran them), before the first request.
  await seedContent(contentRepository, contentSeedDir);
  const content = new ContentService(contentRepository);
  await app.register(contentRoutes, { prefix: '/api/content', content });
  await app.register(contentAdminRoutes, { prefix: '/api/admin', admins, content });

  /** Markets and index prices (decision 0018): started once the app is ready, so the feed runs only when served. */
  const markets = new MarketsService(new MarketsRepository(database.db), {
    feed: priceFeedOf(config, (error) => app.log.warn({ err: error }, 'price feed connection failed')),
    publisher: realtime,
    snapshots: realtime,
    staleSeconds: config.marketFeedStaleSeconds,
    history: config.marketHistoryCandles > 0 && {
      seed: config.marketFeedSeed,
      count: config.marketHistoryCandles,
    },
    onError: (error) => app.log.error({ err: error }, 'writing candles failed'),
    cluster,
  });
  await app.register(marketRoutes, { prefix: '/api/markets', markets });
  await app.register(marketAdminRoutes, { prefix: '/api/admin', admins, markets });
  app.addHook('onReady', async () => markets.start());
  app.addHook('onClose', async () => markets.stop());

  /**
   * Perpetual futures (ARCHITECTURE.md section 6, decision 0046): one perpetual per spot market, loaded once the
   * markets are; marks and funding as their owners publish them, on every node.
   */
  const futuresMarketsRepository = new FuturesMarketsRepository(database.db);
  const futuresMarkets = new FuturesMarkets(futuresMarketsRepository, markets, cluster.bus);
  const futuresStats = new FuturesStats(futuresMarketsRepository);
  const futuresTickers = new FuturesTickers({
    markets: futuresMarkets,
    index: markets,
    stats: futuresStats,
    bus: cluster.bus,
    publisher: realtime,
    snapshots: realtime,
    onError: (error) => app.log.warn({ err: error }, 'publishing a futures mark failed'),
  });
  const futuresSettings = new FuturesSettings(
    new FuturesSettingsRepository(database.db),
    futuresMarkets,
    futuresTickers,
  );
  const futuresDirectory = { markets: futuresMarkets, tickers: futuresTickers, stats: futuresStats };
  await app.register(futuresMarketRoutes, {
    prefix: '/api/futures',
    auth,
    settings: futuresSettings,
    repository: futuresMarketsRepository,
    ...futuresDirectory,
  });
  await app.register(futuresMarketAdminRoutes, { prefix: '/api/admin', admins, ...futuresDirectory });
  app.addHook('onReady', async () => {
    await futuresMarkets.start();
    await futuresStats.refresh();
    futuresStats.start(10_000, (error) => app.log.warn({ err: error }, 'reading futures statistics failed'));
    await futuresTickers.start();
  });
  app.addHook('onClose', async () => {
    futuresStats.stop();
    await futuresTickers.stop();
    await futuresMarkets.stop();
  });

  /**
   * The membership centre (decision 0050): VIP levels from a daily snapshot on one node; spot and futures take it
   * as their FeeDiscounts, so that each order carries its user's discounted rates.
   */
  const membership = new MembershipService({
    repository: new MembershipRepository(database.db),
    markets,
    assets: () => ledger.assets(),
  });
  const membershipJob = new MembershipSnapshotJob({
    service: membership,
    leadership: cluster.leadership,
    log: app.log,
  });
  app.decorate('membership', { service: membership, job: membershipJob });
  await app.register(membershipRoutes, { prefix: '/api/membership', auth, membership });
  await app.register(membershipAdminRoutes, { prefix: '/api/admin', admins, membership });
  app.addHook('onReady', async () => membershipJob.start());
  app.addHook('onClose', async () => membershipJob.stop());

  /**
   * Spot orders (decision 0019): books rebuilt from the database once markets are loaded; their batches go through
   * the trading connections (decision 0028).
   */
  const spot = new SpotOrdersService(
    new SpotRepository(database.db),
    new LedgerService(new LedgerRepository(database.trading)),
    markets,
    realtime,
    cluster,
    app.log,
    (batch) => metrics.spotBatchSettled(batch),
    membership,
  );
  const ledger = new LedgerService(new LedgerRepository(database.db));
  /**
   * Earn (decision 0049): subscriptions and redemptions on any node; the daily accrual and maturities on one,
   * through leadership (`job:earn-accrual`).
   */
  const earnRepository = new EarnRepository(database.db);
  const earn = new EarnService({ repository: earnRepository, ledger, prices: markets, clock: earnClock });
  const earnJob = new EarnAccrualJob({
    repository: earnRepository,
    ledger,
    leadership: cluster.leadership,
    clock: earn.clock,
    log: app.log,
  });
  app.decorate('earn', { service: earn, job: earnJob });
  const wallet = new WalletService(ledger, new WalletRepository(database.db), markets, {
    spot,
    earn,
    ...(earnClock ? { now: earnClock } : {}),
  });
  const idempotency = new Idempotency(new IdempotencyRepository(database.db));
  await app.register(earnRoutes, { prefix: '/api/earn', auth, earn, idempotency });
  await app.register(earnAdminRoutes, { prefix: '/api/admin', admins, earn });
  // Under a test's clock the job runs when the test asks (`app.earn.job.runNow()`), never on a timer of its own.
  if (!earnClock) app.addHook('onReady', async () => earnJob.start());
  app.addHook('onClose', async () => earnJob.stop());
  await app.register(walletRoutes, {
    prefix: '/api/wallet',
    auth,
    wallet,
    idempotency,
  });
  const adjustmentsRepository = new AdjustmentsRepository(database.db);
  await app.register(adjustmentsRoutes, {
    prefix: '/api/admin',
    admins,
    adjustments: new AdjustmentsService(adjustmentsRepository, ledger, wallet, messages, () =>
      admins.settings(),
    ),
    idempotency,
  });
  await app.register(ledgerRoutes, { prefix: '/api/admin', admins, ledger });
  realtime.snapshot('depth', (channel) => spot.snapshot(channel));
  realtime.snapshot('trades', (channel) => spot.snapshot(channel));
  /**
   * Demo spot trading (decision 0055): a demo session's orders fill against the real books' depth without touching
   * them; resting ones are filled as the books cross them, on one node (`job:spot-demo-fills`).
   */
  const spotDemo = new DemoDesk(new DemoDeskRepository(database.db), ledger, spot, realtime, app.log);
  app.decorate('spotDemo', spotDemo);
  app.addHook('onReady', async () => spotDemo.start(cluster.leadership));
  app.addHook('onClose', async () => spotDemo.stop());
  await app.register(spotRoutes, { prefix: '/api/spot', auth, spot, desk: spotDemo, idempotency });
  await app.register(spotMarketRoutes, { prefix: '/api/markets', spot });
  app.addHook('onReady', async () => spot.start());
  app.addHook('onClose', async () => spot.stop());
  /**
   * Futures orders and positions (decision 0046): started after the directory of perpetuals above; each book's
   * owner feeds its mark price and settles its funding.
   */
  const futures = new FuturesOrdersService(
    new FuturesOrdersRepository(database.db),
    new LedgerService(new LedgerRepository(database.trading)),
    futuresMarkets,
    futuresSettings,
    futuresTickers,
    markets,
    realtime,
    cluster,
    new FundingSettlement(new FundingRepository(database.db), ledger, futuresMarkets),
    app.log,
    membership,
  );
  realtime.snapshot('futuresDepth', (channel) => futures.snapshot(channel));
  await app.register(futuresOrdersRoutes, { prefix: '/api/futures', auth, futures, idempotency });
  await app.register(futuresBookRoutes, { prefix: '/api/futures/markets', futures });
  app.addHook('onReady', async () => futures.start());
  app.addHook('onClose', async () => futures.stop());
  /**
   * The market maker (decision 21) quotes through the spot service, whose markets' leaders run its orders: it
   * cancels its quotes on closing before leadership is handed over (below), while the markets still have leaders.
   */
  const marketMaker = new MarketMaker({
    repository: new MarketMakerRepository(database.db),
    ledger,
    markets,
    orders: spot,
    settings: config.marketMaker,
    log: app.log,
    leadership: cluster.leadership,
  });
  app.addHook('onReady', async () => marketMaker.start());
  app.addHook('preClose', async () => marketMaker.stop());
  /** The same maker quotes the perpetuals from its futures account, through the futures orders service. */
  const futuresMarketMaker = new FuturesMarketMaker({
    repository: new MarketMakerRepository(database.db),
    ledger,
    markets: futuresMarkets,
    index: markets,
    orders: futures,
    futuresSettings,
    settings: config.marketMaker,
    log: app.log,
    leadership: cluster.leadership,
  });
  app.addHook('onReady', async () => futuresMarketMaker.start());
  app.addHook('preClose', async () => futuresMarketMaker.stop());
  /**
   * Timed up/down options (decision 0047): buying on any node; each product's owner records its index ticks and
   * settles its rounds from the database.
   */
  const options = new OptionsService({
    products: new OptionProductsRepository(database.db),
    orders: new OptionOrdersRepository(database.db),
    ledger,
    markets,
    publisher: realtime,
    leadership: cluster.leadership,
    log: app.log,
    settlementParallel: database.kind === 'postgres' ? SETTLEMENTS_AT_ONCE : 1,
  });
  await app.register(optionsRoutes, { prefix: '/api/options', auth, options, idempotency });
  await app.register(optionsAdminRoutes, { prefix: '/api/admin', admins, options });
  app.addHook('onReady', async () => options.start());
  app.addHook('onClose', async () => options.stop());
  await app.register(adminUploadRoutes, { prefix: '/api/admin', admins, uploads });
  /**
   * The swap desk (decision 0048): quotes are signed terms and store nothing; orders and their ledger legs on any
   * node; the desk's job (expiry, and the simulated watcher) on one node through leadership.
   */
  const swapRepository = new SwapRepository(database.db);
  const swap = new SwapService({
    repository: swapRepository,
    ledger,
    index: markets,
    publisher: realtime,
    watcherMode: config.swap.watcherMode,
    quoteSecret: config.swap.quoteSecret,
    log: app.log,
  });
  const swapDesk = new SwapDeskJob({
    service: swap,
    repository: swapRepository,
    leadership: cluster.leadership,
    log: app.log,
  });
  app.decorate('swap', { service: swap, desk: swapDesk });
  await app.register(swapRoutes, { prefix: '/api/swap', auth, swap, limits: swapRateLimits, limiters });
  await app.register(swapAdminRoutes, { prefix: '/api/admin', admins, swap, idempotency });
  app.addHook('onReady', async () => {
    await swap.start();
    swapDesk.start();
  });
  app.addHook('onClose', async () => swapDesk.stop());

  /**
   * The mission hall (issue 21): progress read from the platform's records through `MissionSources`, claims paid
   * from the rewards account through the ledger, once per task, user and cycle.
   */
  const missions = new MissionsService({
    repository: new MissionsRepository(database.db),
    sources: new RecordedMissionSources(database.db, (symbol) => markets.market(symbol)?.quote),
    ledger,
    prices: markets,
  });
  app.decorate('missions', missions);
  await app.register(missionsRoutes, { prefix: '/api/missions', auth, missions, idempotency });
  await app.register(missionsAdminRoutes, { prefix: '/api/admin', admins, missions });
  /** Referral (issue 21): commissions on invitees' fees, credited in batches by the node that leads the job. */
  const referral = new ReferralService({ repository: new ReferralRepository(database.db), ledger, markets });
  const referralJob = new ReferralCommissionJob({
    service: referral,
    leadership: cluster.leadership,
    log: app.log,
  });
  app.decorate('referral', { service: referral, job: referralJob });
  await app.register(referralRoutes, { prefix: '/api/referral', auth, referral });
  await app.register(referralAdminRoutes, { prefix: '/api/admin', admins, referral });
  app.addHook('onReady', async () => referralJob.start());
  app.addHook('onClose', async () => referralJob.stop());

  /**
   * Demo accounts (decision 0055): virtual USDT in the ledger's demo book; the products wind an account down at a
   * reset or its closing, and count demo orders apart for the back office.
   */
  const demoProducts: DemoProduct[] = [spotDemo, futures, { wind: (userId) => earn.windDemo(userId) }];
  const demoOrderCounts: Partial<DemoOrderCounts> = {
    spot: (since) => spotDemo.placedSince(since),
    futures: (since) => futures.demoOrdersSince(since),
    options: (since) => options.demoOrdersSince(since),
  };
  const demo = new DemoService(
    new DemoRepository(database.db),
    auth,
    ledger,
    config.demo,
    new AttemptLimit(limiters({ keyPrefix: 'demo-starts', points: DEMO_STARTS_PER_HOUR, duration: 3600 })),
    demoProducts,
    demoOrderCounts,
  );
  const demoJob = new DemoCleanupJob({ service: demo, leadership: cluster.leadership, log: app.log });
  app.decorate('demo', { service: demo, job: demoJob });
  await app.register(demoRoutes, { prefix: '/api', auth, demo });
  await app.register(demoAdminRoutes, { prefix: '/api/admin', admins, demo });
  app.addHook('onReady', async () => demoJob.start());
  app.addHook('onClose', async () => demoJob.stop());

  /** Bank cards and crypto wallets: one implementation, given each kind (decision 0041). */
  const bankCards = new PayoutAccountsRepository(
    database.db,
    bankCardAccounts.table,
    bankCardAccounts.search,
  );
  const cryptoWallets = new PayoutAccountsRepository(
    database.db,
    cryptoWalletAccounts.table,
    cryptoWalletAccounts.search,
  );
  await app.register(payoutAccountRoutes, {
    prefix: '/api/wallet',
    auth,
    kinds: [
      new PayoutAccountsService(bankCardAccounts, bankCards, profile, { uploads }),
      new PayoutAccountsService(cryptoWalletAccounts, cryptoWallets, profile, { uploads }),
    ],
  });

  const networks = new NetworksService(new NetworksRepository(database.db));
  const depositsRepository = new DepositsRepository(database.db);
  await app.register(networkRoutes, { prefix: '/api/wallet', auth, networks });
  await app.register(networkAdminRoutes, { prefix: '/api/admin', admins, networks });
  const deposits = new DepositsService(depositsRepository, networks, uploads);
  await app.register(depositRoutes, { prefix: '/api/wallet', auth, deposits, idempotency });

  const withdrawalsRepository = new WithdrawalsRepository(database.db);
  const withdrawals = new WithdrawalsService(withdrawalsRepository, ledger, profile, identity, admins);
  await app.register(withdrawalRoutes, { prefix: '/api/wallet', auth, withdrawals, idempotency });

  /** Every back-office review queue, each described by its kind and run by one engine (decision 0041). */
  await app.register(reviewRoutes, {
    prefix: '/api/admin',
    admins,
    idempotency,
    queues: [
      new ReviewQueue(identityReview(identityRepository, messages)),
      new ReviewQueue(payoutAccountReview(bankCardAccounts, bankCards, messages)),
      new ReviewQueue(payoutAccountReview(cryptoWalletAccounts, cryptoWallets, messages)),
      new ReviewQueue(depositReview(depositsRepository, ledger, networks, messages)),
      new ReviewQueue(
        withdrawalReview(withdrawalsRepository, ledger, messages, config.withdrawalSecondReview),
      ),
      new ReviewQueue(adjustmentReview(adjustmentsRepository, ledger, messages)),
    ],
  });

  /**
   * Customer service chat (issue 22, decision 0052): conversations on any node, their events through the hub to
   * the customer's channel and the agents' inbox on every node; who is online kept across nodes in Redis.
   */
  const supportPresence = new SupportPresence(
    realtime,
    cluster.redis ? { command: cluster.redis.command, prefix: cluster.prefix } : undefined,
    app.log,
  );
  const support = new SupportService({
    repository: new SupportRepository(database.db),
    publisher: realtime,
    presence: supportPresence,
    images: uploads,
    operators: admins,
    notices: messages,
    directory: supportDirectory({ users: adminUsers, wallet, deposits, withdrawals, spot, futures }),
    limiters,
    limits: supportLimits,
    typicalReplyMinutes: config.supportTypicalReplyMinutes,
  });
  app.decorate('support', { service: support, presence: supportPresence });
  await app.register(supportRoutes, { prefix: '/api/support', auth, support });
  await app.register(supportAdminRoutes, { prefix: '/api/admin', admins, support });
  app.addHook('onReady', async () => supportPresence.start());
  app.addHook('onClose', async () => supportPresence.stop());

  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_MAX_PAYLOAD_BYTES },
    errorHandler: websocketErrorHandler,
  });
  await app.register(realtimeRoutes, { hub: realtime, publicUrl: config.publicUrl });
  await app.register(adminApp, {
    prefix: '/admin',
    adminDist: adminDistBeside(config.webDist),
    publicUrl: config.publicUrl,
  });
  await app.register(webApp, { webDist: config.webDist, publicUrl: config.publicUrl });

  /**
   * Leadership of each market and job, once every role has been contended for; handed over before the server
   * stops, so that other nodes take it at once (decision 0044).
   */
  app.addHook('onReady', async () => cluster.leadership.start());
  app.addHook('preClose', async () => cluster.leadership.stop());

  serveMetrics(app, metrics.registry, config.metrics);
  return app;
}
