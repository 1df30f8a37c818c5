import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, fastifyTrustProxy, refuseDevRoutes } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp } from './support/app.js';
import { freshDatabase } from './support/database.js';
import { createFakeIdp } from './support/fakeIdp.js';
import { gatewayEntry } from './support/gatewayEntry.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'gw-config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const PRODUCTION = {
  NODE_ENV: 'production',
  TELEGRAM_BOT_TOKEN: '123:live',
  WALLET_MNEMONIC: MNEMONIC,
  IDP_KEY_ENCRYPTION_KEY: 'c2VjcmV0LXByb2R1Y3Rpb24ta2V5LWZvci10ZXN0cyE=',
  PASSCODE_PEPPER: 'k1:cGFzc2NvZGUtcGVwcGVyLWZvci1wcm9kdWN0aW9uLXRlc3RzIQ==',
  DATA_DIR: scratch,
  STATIC_DIR: path.join(scratch, 'none'),
};

/** The message of the ConfigError loadConfig throws for `env`. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('configuration', () => {
  it('starts from defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      sandbox: true,
      production: false,
      logLevel: 'warn',
      trustProxy: false,
      withdrawalLeaseMs: 30_000,
      sandboxBlockMs: 1000,
      sandboxConfirmations: 3,
      bitcoinNetwork: 'mainnet',
      allowedOrigins: ['http://localhost:8080'],
      gatewayUrl: 'http://localhost:8080',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sandboxCrashPoint).toBeUndefined();
  });

  it('reads typed values and treats an empty variable as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      SANDBOX: 'off',
      TELEGRAM_BOT_TOKEN: '1:x',
      LOG_LEVEL: 'info',
      WITHDRAWAL_LEASE_MS: '1500',
      SANDBOX_CRASH_POINT: 'after-claim',
      DATABASE_URL: '',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example/',
    });
    expect(config).toMatchObject({ port: 9000, sandbox: false, logLevel: 'info', withdrawalLeaseMs: 1500 });
    expect(config.allowedOrigins).toEqual(['http://localhost:9000', 'https://a.example', 'https://b.example']);
    expect(config.databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'memory://' }).databaseUrl).toBe('memory://');
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).databaseUrl).toBe(
      'postgres://postgres@127.0.0.1:5432/test',
    );
    // Unset: db/client.ts sizes the pool by the cores.
    expect(config.databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).toBe(6);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE must be connections, 1–1000/);
    // The crash point is a sandbox-only test hook.
    expect(config.sandboxCrashPoint).toBeUndefined();
    expect(loadConfig({ SANDBOX_CRASH_POINT: 'after-broadcast' }).sandboxCrashPoint).toBe('after-broadcast');
  });

  it('gives npm run dev its defaults: Vite is the public origin', () => {
    const config = loadConfig({ PORT: '8090' }, { dev: true });
    expect(config.publicUrl).toBe('http://localhost:5173');
    expect(config.allowedOrigins).toEqual(['http://localhost:5173', 'http://localhost:8090']);
    expect(config.gatewayUrl).toBe('http://localhost:8090');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['SANDBOX', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['BITCOIN_NETWORK', 'regtest'],
    ['SANDBOX_BLOCK_MS', '5'],
    ['SANDBOX_CONFIRMATIONS', '0'],
    ['WITHDRAWAL_LEASE_MS', 'soon'],
    ['ACCESS_TOKEN_TTL', '-1'],
    ['PUBLIC_URL', 'ftp://wallet.example'],
    ['SMTP_URL', 'mail.example'],
    ['SANDBOX_CRASH_POINT', 'before-lunch'],
    ['OIDC_REALM', 'my realm'],
    ['TRUST_PROXY', '10.0.0.300'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'proxy.internal'],
    ['ALLOWED_ORIGINS', 'https://ok.example,not a url'],
  ])('stops on %s=%s and names the variable', (name, value) => {
    const message = refusal({ [name]: value });
    expect(message).toContain(`${name} must be`);
    expect(message.split('\n')).toHaveLength(2);
  });

  it('names every bad variable at once and never echoes a secret', () => {
    const message = refusal({ PORT: 'x', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://root:hunter2@db' });
    expect(message).toMatch(/PORT must be a TCP port/);
    expect(message).toMatch(/LOG_LEVEL must be fatal, error, warn/);
    expect(message).toMatch(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(message).not.toContain('hunter2');
  });

  it('refuses SANDBOX in production and wants a bot token there', () => {
    for (const on of ['1', 'true', 'yes']) {
      expect(refusal({ ...PRODUCTION, SANDBOX: on })).toMatch(/SANDBOX must be off when NODE_ENV=production/);
    }
    expect(refusal({ NODE_ENV: 'production' })).toMatch(/TELEGRAM_BOT_TOKEN is required in production/);
    expect(loadConfig(PRODUCTION)).toMatchObject({ production: true, sandbox: false });
    // The IdP's signing key is never stored in the clear there, and a client may not name its own address.
    const { IDP_KEY_ENCRYPTION_KEY: _key, ...noKey } = PRODUCTION;
    expect(refusal(noKey)).toMatch(/IDP_KEY_ENCRYPTION_KEY is required in production/);
    // Nor are passcodes MACed under the public dev pepper.
    const { PASSCODE_PEPPER: _pepper, ...noPepper } = PRODUCTION;
    expect(refusal(noPepper)).toMatch(/PASSCODE_PEPPER is required in production/);
    expect(refusal({ ...PRODUCTION, TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY must name the proxies/);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(refusal({ ...PRODUCTION, IDP_KEY_ENCRYPTION_KEY: 'short' })).not.toContain('short');
    // Passwords keep scrypt's full cost there; the test suites' cheaper setting is refused.
    expect(loadConfig(PRODUCTION).passwordHashCost).toBe(14);
    expect(refusal({ ...PRODUCTION, PASSWORD_HASH_COST: '10' })).toMatch(
      /PASSWORD_HASH_COST below 14 is for tests only/,
    );
    expect(loadConfig({ ...PRODUCTION, PASSWORD_HASH_COST: '15' }).passwordHashCost).toBe(15);
  });

  it('reads TRUST_PROXY as off, every hop, a hop count or addresses', () => {
    const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const ipSeen = async (trustProxy: string | undefined, remoteAddress: string) => {
      const config = loadConfig(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy });
      const app = Fastify({ trustProxy: fastifyTrustProxy(config.trustProxy) });
      app.get('/ip', async (request) => ({ ip: request.ip }));
      const res = await app.inject({
        method: 'GET',
        url: '/ip',
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' },
      });
      await app.close();
      return res.json().ip as string;
    };
    expect(await ipSeen(undefined, '10.0.0.1')).toBe('10.0.0.1');
    expect(await ipSeen('10.0.0.0/8', '10.0.0.1')).toBe('203.0.113.7');
    expect(await ipSeen('10.0.0.0/8', '192.0.2.1')).toBe('192.0.2.1');
    expect(await ipSeen('1', '192.0.2.1')).toBe('10.0.0.2');
  });
});

describe('production', () => {
  it('the gateway exits at once with a clear message when SANDBOX=1', () => {
    const run = spawnSync(process.execPath, gatewayEntry(), {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH, ...PRODUCTION, SANDBOX: '1', PORT: '0', HOST: '127.0.0.1' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The gateway did not start. Invalid configuration:');
    expect(run.stderr).toContain('SANDBOX must be off when NODE_ENV=production');
    expect(run.stdout).not.toContain('Wallet is running');
  }, 90_000);

  it('mounts no /dev route', async () => {
    const t = await createTestApp({ idp: 'fake', env: { ...PRODUCTION, SANDBOX: 'false' } });
    try {
      expect(t.config).toMatchObject({ production: true, sandbox: false });
      for (const [method, url] of [
        ['GET', '/dev/mail'],
        ['POST', '/dev/telegram/init-data'],
        ['GET', '/dev/withdrawal/deny-list'],
        ['POST', '/dev/chain/deposit'],
      ] as const) {
        const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code, url).toBe('NOT_FOUND');
      }
    } finally {
      await t.close();
    }
  }, 90_000);

  it('will not build a sandbox even from a hand-made config', async () => {
    const database = await freshDatabase();
    try {
      const config = { ...loadConfig(PRODUCTION), sandbox: true };
      await expect(buildApp({ config, database, createIdp: createFakeIdp })).rejects.toThrow(
        'The sandbox must not run in production',
      );
    } finally {
      await database.close();
    }
  }, 90_000);

  it('stops the start if any /dev route is mounted', async () => {
    const app = Fastify();
    refuseDevRoutes(app);
    app.get('/developer', async () => ({}));
    await expect(
      app
        .register(async (scope) => {
          scope.get('/dev/new-tool', async () => ({}));
        })
        .ready(),
    ).rejects.toThrow('GET /dev/new-tool must not be mounted in production');
    await app.close().catch(() => undefined);
  });
});
