import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import Value from 'typebox/value';
import { parseRateLimits, type RateLimits } from './http/rateLimits.js';
import { loadEvmConfig, type EvmConfig } from './chain/evm/config.js';
import type { JobSettings } from './jobs/engine.js';
import { loadNotificationsConfig, type NotificationsConfig } from './notifications/config.js';
import type { WithdrawalWorkerSettings } from './withdrawals/worker.js';
import { DEV_PEPPER, parsePeppers, peppersOf, type PasscodePeppers } from './passcode/pepper.js';
import { DEFAULT_PASSWORD_HASH_COST } from './users/passwords.js';
import { ANALYTICS_SINKS, EnvSchema, type CrashPoint, type Env, type LogLevel } from './envSchema.js';

export { EnvSchema, type CrashPoint, type Env, type LogLevel } from './envSchema.js';

/**
 * The gateway's only reader of the environment. Every variable is described once in `EnvSchema`
 * (envSchema.ts); `loadConfig` checks the whole environment against it at start and refuses to go on
 * with a message naming each bad variable. Defaults make `npm start` work on a fresh clone.
 */

/** Where POST /analytics/events forwards the events (gateway/src/analytics). */
export type AnalyticsConfig = { sink: 'none' } | { sink: 'log' } | { sink: 'posthog'; host: string; apiKey: string };
/** Fastify's `trustProxy`: off, every hop, the nth hop, or these addresses/ranges. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  /** PostgreSQL connections per gateway process (db/client.ts says why the default is what it is). */
  databasePoolSize?: number;
  dataDir: string;
  sandbox: boolean;
  production: boolean;
  realm: string;
  clientId: string;
  telegramBotToken: string;
  telegramBotName: string;
  allowedOrigins: string[];
  smtpUrl?: string;
  mailFrom: string;
  staticDir: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** BIP39 English mnemonic of the custody seed; sandbox generates one in the data dir when absent. */
  walletMnemonic?: string;
  bitcoinNetwork: 'mainnet' | 'testnet';
  /** Sandbox chain: confirmations until a deposit is credited, and one block every this many ms. */
  sandboxConfirmations: number;
  sandboxBlockMs: number;
  /** How long a claimed withdrawal job is held before another claim may retry it. */
  withdrawalLeaseMs: number;
  /** How long a swap order holds its quote, counted on the server. */
  swapOrderTtlSeconds: number;
  /** How long a sell rate stays usable under its rateId, counted on the server (spec: 300 s). */
  sellRateTtlSeconds: number;
  /** Bounds of one sell's fiatAmount, whole roubles (GET /c2f/{account}/limit/RUB). */
  sellMinRub: number;
  sellMaxRub: number;
  /** Card buy: spread added to the rate provider's price, in basis points (100 = 1 %). */
  buySpreadBps: number;
  /** Card buy: how long an order's payment page takes a payment before the order fails as EXPIRED. */
  buyPaymentTtlSeconds: number;
  /** Sandbox card acquirer: how long a card payment processes before its final callback. */
  sandboxCardDelayMs: number;
  /**
   * After any passcode reset (the reset mail, or Telegram recovery) no money leaves the account for this
   * long: a stolen session or mailbox must not be able to reset the passcode and drain the wallet at once.
   */
  passcodeResetHoldMs: number;
  /** scrypt's cost for new password hashes, as a power of two (users/passwords.ts); 14 unless set. */
  passwordHashCost: number;
  /** Telegram passcode recovery only takes init data signed this recently (a fresh open of the Mini App). */
  telegramRecoveryMaxAgeSeconds: number;
  /** Sandbox only, for the kill -9 test: where the worker kills its own process. */
  sandboxCrashPoint?: CrashPoint;
  /** How often asynchronously settling swaps are polled. */
  swapSettlementPollMs: number;
  /** Each background worker's own settings (gateway/src/jobs/): none borrows another's. */
  jobs: {
    withdrawals: WithdrawalWorkerSettings;
    sell: JobSettings;
    swapSettlement: JobSettings;
  };
  /** Sandbox crash test only: the process SIGKILLs itself between a swap's two ledger legs. */
  sandboxSwapCrashPoint?: 'between-legs';
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  /** `npm run dev` only: where Vite's dev server sends API calls. */
  gatewayUrl: string;
  /** Per-rule request limits (http/rateLimits.ts), or false when RATE_LIMITS=off. */
  rateLimits: RateLimits | false;
  /** Rate-limit counters in Redis instead of the database. */
  redisUrl?: string;
  /** AES-256-GCM key the IdP's private signing keys are stored under (32 bytes). */
  idpKeyEncryptionKey: Buffer;
  /** Product analytics sink (ANALYTICS_SINK, default none). */
  analytics: AnalyticsConfig;
  /** The keys passcodes are MACed with (passcode/pepper.ts); the public dev key outside production. */
  passcodePeppers: PasscodePeppers;
  /** Ethereum over a real node (ETH_RPC_URL and friends, chain/evm/config.ts); absent: the sandbox chain. */
  evm?: EvmConfig;
  /** Bot messages and e-mails (TELEGRAM_API_URL, NOTIFY_*; notifications/config.ts); absent: from the environment. */
  notifications?: NotificationsConfig;
}

/** Sandbox bot token: a fixed, well-formed value so init data signed by /dev/telegram/init-data validates. */
export const SANDBOX_BOT_TOKEN = '7000000000:SANDBOX-bot-token-for-local-use-only';

/** `npm run dev` serves the app from Vite's port, which proxies to the gateway: that is the public origin. */
export const DEV_ORIGIN = 'http://localhost:5173';

/**
 * Outside production the IdP's signing key is encrypted under this fixed, public key: it keeps a dev
 * database's key unreadable to a casual copy, nothing more. Production refuses to start without its own.
 */
export const DEV_IDP_KEY_ENCRYPTION_KEY = Buffer.from('ZGV2LW9ubHktaWRwLWtleS1lbmNyeXB0aW9uLWtleSE=', 'base64');

/** A configuration the gateway must not start with; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off)$/i;

/** Environment strings → the schema's types, so the schema judges values, not spellings. */
function coerce(env: Record<string, string | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(EnvSchema.properties) as [string, { type?: string }][]) {
    const raw = env[name];
    // An empty variable is an unset one (`DATABASE_URL= npm test` means "embedded PGlite").
    if (raw === undefined || raw === '') continue;
    const value = name === 'WALLET_MNEMONIC' ? raw : raw.trim();
    if (schema.type === 'integer' && /^[+-]?\d+$/.test(value)) out[name] = Number(value);
    else if (schema.type === 'number' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) out[name] = Number(value);
    else if (schema.type === 'boolean' && (TRUE.test(value) || FALSE.test(value))) out[name] = TRUE.test(value);
    else out[name] = value;
  }
  return out;
}

/** What a variable must be, as the schema says it. */
const expected = (name: string) =>
  (EnvSchema.properties as Record<string, { description?: string }>)[name]?.description ?? 'valid';

function schemaProblems(values: Record<string, unknown>, env: Record<string, string | undefined>): string[] {
  const bad = new Set(
    Value.Errors(EnvSchema, values)
      .map((e) => e.instancePath.split('/')[1])
      .filter(Boolean) as string[],
  );
  return [...bad].map((name) => {
    // Never echo a secret back into logs.
    const shown = /TOKEN|MNEMONIC|SMTP_URL|DATABASE_URL|REDIS_URL|KEY|PEPPER/.test(name)
      ? ''
      : ` (got ${JSON.stringify(env[name])})`;
    return `${name} must be ${expected(name)}${shown}`;
  });
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined || FALSE.test(raw)) return false;
  if (TRUE.test(raw) && raw !== '1') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const wrong = entries.filter((e) => !isProxyAddress(e));
  if (!entries.length || wrong.length) {
    problems.push(`TRUST_PROXY must be ${expected('TRUST_PROXY')} (not an address: ${wrong.join(', ') || raw})`);
    return false;
  }
  return entries;
}

function parseOrigins(raw: string | undefined, problems: string[]): string[] {
  const origins: string[] = [];
  for (const entry of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let origin: string | undefined;
    try {
      const parsed = new URL(entry);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') origin = parsed.origin;
    } catch {
      /* reported below */
    }
    if (origin) origins.push(origin);
    else
      problems.push(`ALLOWED_ORIGINS must be ${expected('ALLOWED_ORIGINS')} (not an origin: ${JSON.stringify(entry)})`);
  }
  return origins;
}

export interface LoadOptions {
  /** `npm run dev`: the public origin is Vite's, and it is allowed next to the gateway's own. */
  dev?: boolean;
}

/** Reads and checks the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, opts: LoadOptions = {}): Config {
  const env = coerce(source) as Env;
  const problems = schemaProblems(env, source);
  if (problems.length) throw new ConfigError(problems);

  const production = env.NODE_ENV === 'production';
  const sandbox = env.SANDBOX ?? !production;
  if (production && sandbox) {
    problems.push(
      'SANDBOX must be off when NODE_ENV=production: the sandbox mints test money, signs Telegram init data for anyone and mounts /dev/*',
    );
  }
  const port = env.PORT ?? 8080;
  const gatewayOrigin = `http://localhost:${port}`;
  const publicUrl = (env.PUBLIC_URL ?? (opts.dev ? DEV_ORIGIN : gatewayOrigin)).replace(/\/$/, '');
  const telegramBotToken = env.TELEGRAM_BOT_TOKEN ?? (sandbox ? SANDBOX_BOT_TOKEN : '');
  if (!telegramBotToken && production) problems.push('TELEGRAM_BOT_TOKEN is required in production');
  const origins = parseOrigins(
    env.ALLOWED_ORIGINS ?? (opts.dev ? `${DEV_ORIGIN},${gatewayOrigin}` : undefined),
    problems,
  );
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const rateLimits = parseRateLimits(env.RATE_LIMITS, problems);
  if (production && trustProxy === true) {
    problems.push(
      'TRUST_PROXY must name the proxies (a hop count or their addresses) in production: `true` believes any X-Forwarded-For, so a client could pick its own address and escape every per-address limit',
    );
  }
  if (production && !env.IDP_KEY_ENCRYPTION_KEY) {
    problems.push(
      "IDP_KEY_ENCRYPTION_KEY is required in production: the identity provider's private signing key is stored encrypted under it (openssl rand -base64 32)",
    );
  }
  const passcodePeppers = parsePeppers(env.PASSCODE_PEPPER, problems);
  if (production && (env.PASSWORD_HASH_COST ?? DEFAULT_PASSWORD_HASH_COST) < DEFAULT_PASSWORD_HASH_COST) {
    problems.push(
      `PASSWORD_HASH_COST below ${DEFAULT_PASSWORD_HASH_COST} is for tests only: a leaked password table must stay slow to guess`,
    );
  }
  if (production && !env.PASSCODE_PEPPER) {
    problems.push(
      'PASSCODE_PEPPER is required in production: passcodes are MACed under it, so a database dump alone cannot recover them (k1:$(openssl rand -base64 32))',
    );
  }
  const analyticsSink = (env.ANALYTICS_SINK ?? 'none') as (typeof ANALYTICS_SINKS)[number];
  if (analyticsSink === 'posthog' && !env.POSTHOG_API_KEY)
    problems.push('POSTHOG_API_KEY is required when ANALYTICS_SINK=posthog');
  const evm = loadEvmConfig(source, problems, { sandbox });
  let publicOrigin = '';
  try {
    publicOrigin = new URL(publicUrl).origin;
  } catch {
    problems.push(`PUBLIC_URL must be ${expected('PUBLIC_URL')} (got ${JSON.stringify(publicUrl)})`);
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.DATABASE_POOL_SIZE ? { databasePoolSize: env.DATABASE_POOL_SIZE } : {}),
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    sandbox,
    production,
    realm: env.OIDC_REALM ?? 'wallet',
    clientId: env.OIDC_CLIENT_ID ?? 'wallet-web',
    telegramBotToken: telegramBotToken || randomBytes(16).toString('hex'),
    telegramBotName: env.TELEGRAM_BOT_NAME ?? 'wallet_sandbox_bot',
    allowedOrigins: Array.from(new Set([publicOrigin, ...origins])),
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    mailFrom: env.MAIL_FROM ?? 'Wallet <no-reply@wallet.local>',
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    accessTokenTtl: env.ACCESS_TOKEN_TTL ?? 300,
    refreshTokenTtl: env.REFRESH_TOKEN_TTL ?? 30 * 24 * 3600,
    ...(env.WALLET_MNEMONIC?.trim() ? { walletMnemonic: env.WALLET_MNEMONIC.trim().split(/\s+/).join(' ') } : {}),
    bitcoinNetwork: env.BITCOIN_NETWORK ?? 'mainnet',
    sandboxConfirmations: env.SANDBOX_CONFIRMATIONS ?? 3,
    sandboxBlockMs: env.SANDBOX_BLOCK_MS ?? 1000,
    withdrawalLeaseMs: env.WITHDRAWAL_LEASE_MS ?? 30_000,
    swapOrderTtlSeconds: env.SWAP_ORDER_TTL_SECONDS ?? 300,
    sellRateTtlSeconds: env.SELL_RATE_TTL_SECONDS ?? 300,
    sellMinRub: env.SELL_MIN_RUB ?? 1000,
    sellMaxRub: env.SELL_MAX_RUB ?? 100_000,
    buySpreadBps: env.BUY_SPREAD_BPS ?? 150,
    buyPaymentTtlSeconds: env.BUY_PAYMENT_TTL_SECONDS ?? 1800,
    sandboxCardDelayMs: env.SANDBOX_CARD_DELAY_MS ?? 3000,
    passwordHashCost: env.PASSWORD_HASH_COST ?? DEFAULT_PASSWORD_HASH_COST,
    passcodeResetHoldMs: Math.round((env.PASSCODE_RESET_HOLD_HOURS ?? 24) * 3_600_000),
    telegramRecoveryMaxAgeSeconds: env.TELEGRAM_RECOVERY_MAX_AGE_SECONDS ?? 300,
    ...(sandbox && env.SANDBOX_CRASH_POINT ? { sandboxCrashPoint: env.SANDBOX_CRASH_POINT } : {}),
    swapSettlementPollMs: env.SWAP_SETTLEMENT_POLL_MS ?? 500,
    jobs: jobSettings(env),
    ...(sandbox && env.SANDBOX_SWAP_CRASH_POINT ? { sandboxSwapCrashPoint: env.SANDBOX_SWAP_CRASH_POINT } : {}),
    logLevel: env.LOG_LEVEL ?? 'warn',
    trustProxy,
    gatewayUrl: env.GATEWAY_URL ?? gatewayOrigin,
    rateLimits,
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    idpKeyEncryptionKey: env.IDP_KEY_ENCRYPTION_KEY
      ? Buffer.from(env.IDP_KEY_ENCRYPTION_KEY, 'base64')
      : DEV_IDP_KEY_ENCRYPTION_KEY,
    passcodePeppers: passcodePeppers ?? peppersOf([DEV_PEPPER]),
    analytics:
      analyticsSink === 'posthog'
        ? {
            sink: 'posthog',
            host: (env.POSTHOG_HOST ?? 'https://us.i.posthog.com').replace(/\/$/, ''),
            apiKey: env.POSTHOG_API_KEY!,
          }
        : { sink: analyticsSink },
    ...(evm ? { evm } : {}),
    notifications: loadNotificationsConfig(source, { sandbox, production }),
  };
}

/**
 * The workers' settings. A failed run waits twice as long each time, from the worker's poll up to a
 * minute. A lease must outlast the longest call the worker makes (the adapters' and providers' timeouts).
 */
function jobSettings(env: Env): Config['jobs'] {
  const backoff = (baseMs: number) => ({ baseMs, maxMs: 60_000 });
  const withdrawalPollMs = env.WITHDRAWAL_POLL_MS ?? 500;
  const sellPollMs = env.SELL_POLL_MS ?? 500;
  const swapPollMs = env.SWAP_SETTLEMENT_POLL_MS ?? 500;
  return {
    withdrawals: {
      pollMs: withdrawalPollMs,
      leaseMs: env.WITHDRAWAL_LEASE_MS ?? 30_000,
      batch: 50,
      backoff: backoff(withdrawalPollMs),
      // About one block: confirmations change at most once per block, so following faster learns nothing.
      followMs: env.WITHDRAWAL_FOLLOW_MS ?? 1000,
      recheckMs: env.WITHDRAWAL_RECHECK_MS ?? 60_000,
    },
    sell: { pollMs: sellPollMs, leaseMs: env.SELL_LEASE_MS ?? 30_000, batch: 50, backoff: backoff(sellPollMs) },
    swapSettlement: {
      pollMs: swapPollMs,
      leaseMs: env.SWAP_SETTLEMENT_LEASE_MS ?? 30_000,
      batch: 50,
      backoff: backoff(swapPollMs),
    },
  };
}
