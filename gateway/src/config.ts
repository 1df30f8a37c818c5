import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Every setting comes from the environment; defaults make `npm start` work on a fresh clone. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
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
}

/** Sandbox bot token: a fixed, well-formed value so init data signed by /dev/telegram/init-data validates. */
export const SANDBOX_BOT_TOKEN = '7000000000:SANDBOX-bot-token-for-local-use-only';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const sandbox = env.SANDBOX ? /^(1|true|yes|on)$/i.test(env.SANDBOX) : !production;
  const telegramBotToken = env.TELEGRAM_BOT_TOKEN ?? (sandbox ? SANDBOX_BOT_TOKEN : '');
  if (!telegramBotToken && production) throw new Error('TELEGRAM_BOT_TOKEN is required in production');
  const origins = (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    sandbox,
    production,
    realm: env.OIDC_REALM ?? 'wallet',
    clientId: env.OIDC_CLIENT_ID ?? 'wallet-web',
    telegramBotToken: telegramBotToken || randomBytes(16).toString('hex'),
    telegramBotName: env.TELEGRAM_BOT_NAME ?? 'wallet_sandbox_bot',
    allowedOrigins: Array.from(new Set([new URL(publicUrl).origin, ...origins])),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Wallet <no-reply@wallet.local>',
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL ?? 300),
    refreshTokenTtl: Number(env.REFRESH_TOKEN_TTL ?? 30 * 24 * 3600),
    walletMnemonic: env.WALLET_MNEMONIC?.trim().split(/\s+/).join(' ') || undefined,
    bitcoinNetwork: env.BITCOIN_NETWORK === 'testnet' ? 'testnet' : 'mainnet',
    sandboxConfirmations: Math.max(1, Math.floor(Number(env.SANDBOX_CONFIRMATIONS ?? 3)) || 3),
    sandboxBlockMs: Math.max(10, Math.floor(Number(env.SANDBOX_BLOCK_MS ?? 1000)) || 1000),
  };
}
