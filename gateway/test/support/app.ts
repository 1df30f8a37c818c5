import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type App, type IdpFactory } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { createFakeIdp } from './fakeIdp.js';

export const PUBLIC_URL = 'http://wallet.test';
export const ALLOWED_ORIGIN = 'https://allowed.example';

const realIdpExists = existsSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/idp/index.ts'));

export interface TestApp {
  app: App;
  config: Config;
  database: Database;
  db: Database['db'];
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** 'real' (default once src/idp exists) or 'fake' for tests that only need some token. */
  idp?: 'real' | 'fake';
  database?: Database;
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
    ...opts.env,
  });
  const { freshDatabase } = await import('./database.js');
  const database = opts.database ?? (await freshDatabase());
  const useFake = opts.idp === 'fake' || (opts.idp === undefined && !realIdpExists);
  const createIdp: IdpFactory | undefined = useFake ? createFakeIdp : undefined;
  const app = await buildApp({ config, database, ...(createIdp ? { createIdp } : {}) });
  return {
    app, config, database, db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
