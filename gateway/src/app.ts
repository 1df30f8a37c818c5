import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAjvFormats, TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config, TrustProxy } from './config.js';
import type { Database } from './db/client.js';
import { createIdp as createRealIdp, type Idp, type UserCredentials } from './idp/index.js';
import { registerAccountAccess } from './http/account.js';
import { createAuthHook } from './http/auth.js';
import { registerDocs, registerDocsRoute } from './http/docs.js';
import { DEFAULT_BODY_LIMIT, registerBodyLimits } from './http/bodyLimits.js';
import { registerControlCharacterGuard } from './http/controlChars.js';
import { registerErrorHandling } from './http/errors.js';
import { withRedaction } from './http/logging.js';
import { registerRateLimits, registerRouteRateLimits, type RateLimiter } from './http/rateLimit.js';
import { registerSecurity } from './http/security.js';
import { registerStatic } from './http/static.js';
import { healthRoutes } from './http/health.js';
import { devMailRoutes } from './mail/devRoutes.js';
import { notificationsPlugin } from './notifications/plugin.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { devTelegramRoutes } from './telegram/devRoutes.js';
import { telegramHarnessRoutes } from './telegram/harness/routes.js';
import { devPasscodeRoutes } from './passcode/devRoutes.js';
import { telegramRoutes } from './telegram/routes.js';
import { accountRoutes } from './users/accountRoutes.js';
import { createUserCredentials } from './users/credentials.js';
import { profileRoutes } from './users/profileRoutes.js';
import { sessionRoutes } from './users/sessionRoutes.js';
import { passcodeRoutes } from './passcode/routes.js';
import { addressBookRoutes } from './addressBook/routes.js';
import { contactsRoutes } from './contacts/routes.js';
import { chainPlugin, type ChainAdapters } from './chain/plugin.js';
import { deriveDepositAddress } from './chain/addresses.js';
import { loadSeed } from './chain/seed.js';
import { createSandboxRateProvider, type RateProvider } from './rates/provider.js';
import { rateRoutes } from './rates/routes.js';
import { findCoin } from './wallet/catalogue.js';
import { walletRoutes } from './wallet/routes.js';
import { withdrawalsPlugin } from './withdrawals/routes.js';
import { noLiquidity, type LiquidityProvider } from './swap/provider.js';
import { swapPlugin } from './swap/routes.js';
import { createSandboxLiquidity } from './swap/sandbox/provider.js';
import { noPayouts, type PayoutProvider } from './sell/payout.js';
import { sellPlugin } from './sell/routes.js';
import { createSandboxPayouts } from './sell/sandbox/provider.js';
import { noAcquirer, type CardAcquirer } from './buy/acquirer.js';
import { buyPlugin } from './buy/routes.js';
import { createSandboxAcquirer } from './buy/sandbox/acquirer.js';
import { analyticsRoutes } from './analytics/routes.js';
import type { AnalyticsSink } from './analytics/sink.js';

/** Fastify trusts the nth hop when given a number, but types only its function form. */
export const fastifyTrustProxy = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** Behind config's refusal of SANDBOX in production: any /dev route mounted there stops the start. */
export function refuseDevRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.url === '/dev' || route.url.startsWith('/dev/')) {
      throw new Error(`${route.method} ${route.url} must not be mounted in production`);
    }
  });
}

export type IdpFactory = (opts: {
  db: Database['db'];
  config: Config;
  users: UserCredentials;
  limiter?: RateLimiter;
}) => Promise<Idp>;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests may swap the identity provider; production always uses ./idp. */
  createIdp?: IdpFactory;
  mailer?: Mailer;
  /** Prices for /b2c-wallet/rate; the sandbox provider unless a real one is given. */
  rates?: RateProvider;
  /** Swap pricing and settlement; the sandbox provider (sandbox only) unless a real one is given. */
  liquidity?: LiquidityProvider;
  /** Sell payouts and the card vault; the sandbox provider (sandbox only) unless a real one is given. */
  payouts?: PayoutProvider;
  /** Tests only: the clock swap orders expire by (otherwise the database's now()). */
  swapClock?: () => Date;
  /** Card payments for buying crypto; the sandbox acquirer (sandbox only) unless a real one is given. */
  acquirer?: CardAcquirer;
  /** Tests only: the clock buy rates and orders expire by (otherwise the database's now()). */
  buyClock?: () => Date;
  /** Where analytics events go; built from config.analytics (ANALYTICS_SINK) unless given. */
  analyticsSink?: AnalyticsSink;
}

export interface App extends FastifyInstance {
  idp: Idp;
  users: UserCredentials;
}

registerAjvFormats();

export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { config, database } = opts;
  // Config refuses this already; a hand-built Config must not get past it either.
  if (config.production && config.sandbox) throw new Error('The sandbox must not run in production');
  const { db } = database;
  const app = Fastify({
    logger: withRedaction(opts.logger ?? false),
    // X-Forwarded-* is believed only from the proxies TRUST_PROXY names (off by default).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Small by default: a route that needs more says so with its own `bodyLimit` (http/bodyLimits.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  registerErrorHandling(app);
  // Size and nesting depth before any parse or walk of a body (issue 20 item 4).
  registerBodyLimits(app);
  registerControlCharacterGuard(app);
  // @fastify/rate-limit on counters every replica shares: Redis (REDIS_URL) or the database.
  const limiter = await registerRateLimits(app, { limits: config.rateLimits, redisUrl: config.redisUrl, db });
  // Before any route: every route registered from here on is counted by its rule (http/rateLimit.ts).
  registerRouteRateLimits(app, limiter);
  if (config.production) refuseDevRoutes(app);

  await registerDocs(app, config);
  await registerSecurity(app, config);

  const users = createUserCredentials(db, config.passwordHashCost);
  const createIdp = opts.createIdp ?? createRealIdp;
  const idp = await createIdp({ db, config, users, limiter });
  const mailer = opts.mailer ?? (await createMailer(config, db));
  const authenticate = createAuthHook(idp);
  // Before any route: every `:account` route registered from here on is checked for ownership.
  registerAccountAccess(app, { db, authenticate, idp });

  await app.register(
    async (scope) => {
      await scope.register(accountRoutes, { db, config, mailer });
      await scope.register(profileRoutes, { db, authenticate });
      await scope.register(sessionRoutes, { db, authenticate, mailer });
      await scope.register(passcodeRoutes, { db, authenticate, peppers: config.passcodePeppers });
      await scope.register(telegramRoutes, { db, config, idp, authenticate, mailer });
    },
    { prefix: '/b2c-user-management' },
  );

  // The seed is read on the first derivation, not at start: routes that never derive need no seed.
  let seed: Uint8Array | undefined;
  const derive = (network: Parameters<typeof deriveDepositAddress>[1], index: number) =>
    deriveDepositAddress((seed ??= loadSeed(config)), network, index);
  const rates = opts.rates ?? createSandboxRateProvider({ parentOf: (c) => findCoin(c)?.parent });
  await app.register(
    async (scope) => {
      await scope.register(walletRoutes, { db, config, authenticate, derive });
      await scope.register(rateRoutes, { config, provider: rates });
      await scope.register(healthRoutes);
      await scope.register(contactsRoutes, { db, authenticate, derive });
    },
    { prefix: '/b2c-wallet' },
  );
  await app.register(addressBookRoutes, { db, authenticate, prefix: '/b2c-address-book' });

  // Chain adapters; in sandbox also the pretend chain, its block producer and /dev/chain routes.
  const adapters: ChainAdapters = new Map();
  await app.register(chainPlugin, { db, config, adapters });
  // Send routes under /b2c-wallet and the withdrawal job worker, which broadcasts through `adapters`.
  await app.register(withdrawalsPlugin, { db, config, authenticate, adapters });
  const sandboxLiquidity = !opts.liquidity && config.sandbox ? createSandboxLiquidity(rates) : undefined;
  await app.register(swapPlugin, {
    db,
    config,
    authenticate,
    derive,
    provider: opts.liquidity ?? sandboxLiquidity ?? noLiquidity,
    ...(sandboxLiquidity ? { sandboxLiquidity } : {}),
    ...(opts.swapClock ? { now: opts.swapClock } : {}),
  });
  const sandboxPayouts = !opts.payouts && config.sandbox ? createSandboxPayouts(db) : undefined;
  await app.register(sellPlugin, {
    db,
    config,
    authenticate,
    rates,
    payouts: opts.payouts ?? sandboxPayouts ?? noPayouts,
    ...(sandboxPayouts ? { sandboxPayouts } : {}),
  });
  // Card buy: the fiat applier's tokenless calls, and in sandbox the pretend acquirer's payment page.
  const acquirer =
    opts.acquirer ??
    (config.sandbox
      ? createSandboxAcquirer({
          publicUrl: config.publicUrl,
          delayMs: config.sandboxCardDelayMs,
          ...(opts.buyClock ? { now: opts.buyClock } : {}),
        })
      : noAcquirer);
  await app.register(buyPlugin, { db, config, rates, acquirer, ...(opts.buyClock ? { now: opts.buyClock } : {}) });
  // Bot messages and e-mails about money and security events (issue 24), and their preferences.
  await app.register(notificationsPlugin, { db, config, authenticate, mailer });
  await app.register(analyticsRoutes, {
    db,
    config,
    authenticate,
    ...(opts.analyticsSink ? { sink: opts.analyticsSink } : {}),
  });
  if (config.sandbox) {
    await app.register(devMailRoutes, { db });
    await app.register(devTelegramRoutes, { config });
    await app.register(telegramHarnessRoutes);
    await app.register(devPasscodeRoutes, { db });
  }
  registerDocsRoute(app);
  await idp.register(app);
  await registerStatic(app, config);

  app.decorate('idp', idp);
  app.decorate('users', users);
  await app.ready();
  return app as unknown as App;
}
