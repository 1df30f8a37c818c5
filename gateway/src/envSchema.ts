import { Type, type Static, type TSchema } from 'typebox';

/**
 * Every environment variable the gateway reads, described once: its type, range and the sentence a bad
 * value is refused with. config.ts checks the environment against it and builds the Config.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const CRASH_POINTS = ['after-claim', 'after-broadcast'] as const;
export const ANALYTICS_SINKS = ['none', 'log', 'posthog'] as const;

const int = (minimum: number, maximum: number, description: string) => Type.Integer({ minimum, maximum, description });
const url = (schemes: string[], description: string) =>
  Type.String({ pattern: `^(?:${schemes.join('|')})://[^\\s]*$`, description });
const oneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

export const EnvSchema = Type.Object({
  NODE_ENV: optional(Type.String({ description: '`production` turns the production checks on' })),
  PORT: optional(int(0, 65535, 'a TCP port, 0–65535')),
  HOST: optional(Type.String({ minLength: 1, description: 'the interface to listen on' })),
  PUBLIC_URL: optional(url(['http', 'https'], 'an http:// or https:// URL')),
  DATABASE_URL: optional(url(['postgres', 'postgresql', 'memory'], 'a postgres:// URL (empty: embedded PGlite)')),
  DATABASE_POOL_SIZE: optional(int(1, 1000, 'connections, 1–1000')),
  DATA_DIR: optional(Type.String({ minLength: 1, description: 'a directory' })),
  SANDBOX: optional(Type.Boolean({ description: '1, true, yes, on or 0, false, no, off' })),
  OIDC_REALM: optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'letters, digits, _ and -' })),
  OIDC_CLIENT_ID: optional(
    Type.String({ pattern: '^[A-Za-z0-9_.-]{1,128}$', description: 'letters, digits, _, . and -' }),
  ),
  TELEGRAM_BOT_TOKEN: optional(Type.String({ minLength: 1, description: 'the token from @BotFather' })),
  TELEGRAM_BOT_NAME: optional(
    Type.String({ pattern: '^[A-Za-z0-9_]{1,64}$', description: 'a bot username without @' }),
  ),
  ALLOWED_ORIGINS: optional(Type.String({ description: 'comma-separated origins such as https://app.example' })),
  SMTP_URL: optional(url(['smtp', 'smtps'], 'an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(Type.String({ minLength: 3, description: 'a sender such as Wallet <no-reply@example.com>' })),
  STATIC_DIR: optional(Type.String({ minLength: 1, description: 'a directory' })),
  ACCESS_TOKEN_TTL: optional(int(1, 86_400, 'seconds, 1–86400')),
  REFRESH_TOKEN_TTL: optional(int(60, 31_536_000, 'seconds, 60–31536000')),
  WALLET_MNEMONIC: optional(Type.String({ description: 'a BIP39 English mnemonic' })),
  BITCOIN_NETWORK: optional(oneOf(['mainnet', 'testnet'], 'mainnet or testnet')),
  SANDBOX_CONFIRMATIONS: optional(int(1, 1000, 'an integer, 1–1000')),
  SANDBOX_BLOCK_MS: optional(int(10, 3_600_000, 'milliseconds, 10–3600000')),
  SANDBOX_CRASH_POINT: optional(oneOf(CRASH_POINTS, 'after-claim or after-broadcast')),
  WITHDRAWAL_LEASE_MS: optional(int(1000, 86_400_000, 'milliseconds, 1000–86400000')),
  SWAP_ORDER_TTL_SECONDS: optional(int(1, 86_400, 'seconds, 1–86400')),
  SWAP_SETTLEMENT_POLL_MS: optional(int(50, 600_000, 'milliseconds, 50–600000')),
  SWAP_SETTLEMENT_LEASE_MS: optional(int(1000, 86_400_000, 'milliseconds, 1000–86400000')),
  WITHDRAWAL_POLL_MS: optional(int(10, 600_000, 'milliseconds, 10–600000')),
  WITHDRAWAL_FOLLOW_MS: optional(int(10, 3_600_000, 'milliseconds, 10–3600000')),
  WITHDRAWAL_RECHECK_MS: optional(int(1000, 86_400_000, 'milliseconds, 1000–86400000')),
  SELL_POLL_MS: optional(int(10, 600_000, 'milliseconds, 10–600000')),
  SELL_LEASE_MS: optional(int(1000, 86_400_000, 'milliseconds, 1000–86400000')),
  SANDBOX_SWAP_CRASH_POINT: optional(oneOf(['between-legs'] as const, 'between-legs')),
  SELL_RATE_TTL_SECONDS: optional(int(1, 86_400, 'seconds, 1–86400')),
  SELL_MIN_RUB: optional(int(1, 100_000_000, 'whole roubles, 1–100000000')),
  SELL_MAX_RUB: optional(int(1, 100_000_000, 'whole roubles, 1–100000000')),
  BUY_SPREAD_BPS: optional(int(0, 5000, 'basis points, 0–5000')),
  BUY_PAYMENT_TTL_SECONDS: optional(int(60, 86_400, 'seconds, 60–86400')),
  SANDBOX_CARD_DELAY_MS: optional(int(0, 600_000, 'milliseconds, 0–600000')),
  PASSWORD_HASH_COST: optional(int(10, 20, 'scrypt cost as a power of two, 10–20 (N = 2^cost)')),
  PASSCODE_RESET_HOLD_HOURS: optional(
    Type.Number({ minimum: 0, maximum: 720, description: 'hours, 0–720 (fractions allowed: 0.01 is 36 s)' }),
  ),
  TELEGRAM_RECOVERY_MAX_AGE_SECONDS: optional(int(10, 3600, 'seconds, 10–3600')),
  LOG_LEVEL: optional(oneOf(LOG_LEVELS, LOG_LEVELS.join(', '))),
  TRUST_PROXY: optional(
    Type.String({
      description:
        'false, true, a hop count (1, 2, …) or comma-separated proxy addresses/CIDRs (also loopback, linklocal, uniquelocal)',
    }),
  ),
  GATEWAY_URL: optional(url(['http', 'https'], 'an http:// URL')),
  RATE_LIMITS: optional(
    Type.String({
      description:
        'off, or overrides such as signIn.ip=30/60,money.account=off (see docs/operations.md "Security and limits")',
    }),
  ),
  REDIS_URL: optional(url(['redis', 'rediss'], 'a redis:// or rediss:// URL (empty: counters in the database)')),
  ANALYTICS_SINK: optional(oneOf(ANALYTICS_SINKS, ANALYTICS_SINKS.join(', '))),
  POSTHOG_HOST: optional(url(['http', 'https'], 'the PostHog ingestion host, e.g. https://eu.i.posthog.com')),
  POSTHOG_API_KEY: optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'the PostHog project API key (phc_…)' }),
  ),
  PASSCODE_PEPPER: optional(
    Type.String({
      minLength: 1,
      description: 'id:key pairs, newest first, each key 32+ random bytes in base64 (k1:$(openssl rand -base64 32))',
    }),
  ),
  IDP_KEY_ENCRYPTION_KEY: optional(
    Type.String({
      pattern: '^[A-Za-z0-9+/_-]{43}=?$',
      description: '32 random bytes, base64 (openssl rand -base64 32)',
    }),
  ),
});
export type Env = Static<typeof EnvSchema>;

export type LogLevel = (typeof LOG_LEVELS)[number];
export type CrashPoint = (typeof CRASH_POINTS)[number];
