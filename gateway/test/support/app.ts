import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type BuildAppOptions, type IdpFactory } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import type { CardAcquirer } from '../../src/buy/acquirer.js';
import type { RateProvider } from '../../src/rates/provider.js';
import type { LiquidityProvider } from '../../src/swap/provider.js';
import { freshDatabase } from './database.js';
import { TEST_PASSWORD_HASH_COST } from './passwordCost.js';
import { createFakeIdp } from './fakeIdp.js';

export const PUBLIC_URL = 'http://wallet.test';
export const ALLOWED_ORIGIN = 'https://allowed.example';

export interface TestApp {
  app: App;
  config: Config;
  database: Database;
  db: Database['db'];
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** The real oidc-provider by default; 'fake' for tests that must not depend on it. */
  idp?: 'real' | 'fake';
  database?: Database;
  /** The clock swap orders expire by (default: the database's now()). */
  swapClock?: () => Date;
  rates?: RateProvider;
  /** The swap liquidity provider (default: the sandbox's). */
  liquidity?: LiquidityProvider;
  /** PostgreSQL connections of the test's database (default: the gateway's own default). */
  poolSize?: number;
  /** Fastify logger options (off by default). */
  logger?: BuildAppOptions['logger'];
  /** Card buy: the acquirer (a sandbox one with a test delay) and the clock rates and orders expire by. */
  acquirer?: CardAcquirer;
  buyClock?: () => Date;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'gw-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    SANDBOX: 'true',
    PUBLIC_URL,
    ALLOWED_ORIGINS: ALLOWED_ORIGIN,
    DATA_DIR: scratch,
    STATIC_DIR: path.join(scratch, 'no-dist'),
    // A production configuration keeps the production cost (config.ts refuses less there).
    ...(opts.env?.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST }),
    ...opts.env,
  });
  const database = opts.database ?? (await freshDatabase(opts.poolSize ? { poolSize: opts.poolSize } : {}));
  const createIdp: IdpFactory | undefined = opts.idp === 'fake' ? createFakeIdp : undefined;
  const app = await buildApp({
    config,
    database,
    ...(createIdp ? { createIdp } : {}),
    ...(opts.swapClock ? { swapClock: opts.swapClock } : {}),
    ...(opts.rates ? { rates: opts.rates } : {}),
    ...(opts.liquidity ? { liquidity: opts.liquidity } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.acquirer ? { acquirer: opts.acquirer } : {}),
    ...(opts.buyClock ? { buyClock: opts.buyClock } : {}),
  });
  return {
    app,
    config,
    database,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
