import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { userPasscodes } from '../src/db/schema/index.js';
import { sealPasscode, verifyPasscode } from '../src/passcode/hash.js';
import { peppersOf } from '../src/passcode/pepper.js';
import { pin } from './passcode-support.js';
import { createTestApp, type TestApp } from './support/app.js';
import { freshDatabase } from './support/database.js';
import { walletUser, type WalletUser } from './wallet-support.js';

/**
 * Issue 20 item 10: passcodes MACed under a server secret (PASSCODE_PEPPER) with a key id, so a dump
 * alone recovers nothing and a check costs microseconds; scrypt rows of before are re-sealed at their
 * next correct entry, as are MACs under a retired key.
 */
const K1 = `k1:${randomBytes(32).toString('base64')}`;
const K2 = `k2:${randomBytes(32).toString('base64')}`;

let database: Database;
/** Gateways of different key rings over the one database, as replicas mid-rotation would be. */
let k1: TestApp;
let k2k1: TestApp;
let k2: TestApp;
beforeAll(async () => {
  database = await freshDatabase();
  k1 = await createTestApp({ database, env: { PASSCODE_PEPPER: K1 } });
  k2k1 = await createTestApp({ database, env: { PASSCODE_PEPPER: `${K2},${K1}` } });
  k2 = await createTestApp({ database, env: { PASSCODE_PEPPER: K2 } });
}, 120_000);
afterAll(async () => {
  for (const t of [k1, k2k1, k2]) await t?.app.close();
  await database?.close();
});

const stored = async (u: WalletUser) =>
  (await database.db.select().from(userPasscodes).where(eq(userPasscodes.userId, u.id)))[0];

describe('passcode storage', () => {
  it('re-seals a scrypt row of before under the current key at its next correct entry, and counts a wrong one', async () => {
    const t = k1;
    const u = await walletUser(t, 'legacy');
    const salt = randomBytes(16);
    const key = scryptSync('1357', salt, 32, { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    await database.db.insert(userPasscodes).values({
      userId: u.id,
      hash: ['scrypt', 2 ** 14, 8, 1, salt.toString('base64'), key.toString('base64')].join('$'),
    });

    expect((await pin(t, u, 'validate', '0000')).body.code).toBe('B2C_USM0031');
    expect((await stored(u))!).toMatchObject({ failedAttempts: 1 });
    expect((await stored(u))!.hash).toMatch(/^scrypt\$/);
    expect((await pin(t, u, 'validate', '1357')).status).toBe(200);
    expect((await stored(u))!).toMatchObject({ failedAttempts: 0, hash: expect.stringMatching(/^hmac\$k1\$/) });
    // Sealed again, the same code still opens it.
    expect((await pin(t, u, 'validate', '1357')).status).toBe(200);
  });

  it('rotates: a gateway with a new key first still checks codes under the old one and re-seals them', async () => {
    const before = k1;
    const u = await walletUser(before, 'rotate');
    expect((await pin(before, u, 'enable', undefined, { pinCode: '8642' })).status).toBe(200);
    expect((await stored(u))!.hash).toMatch(/^hmac\$k1\$/);

    const during = k2k1;
    expect((await pin(during, u, 'validate', '8642')).status).toBe(200);
    expect((await stored(u))!.hash).toMatch(/^hmac\$k2\$/);

    // Once the old key is gone, a row still under it opens for no code at all.
    const other = await walletUser(before, 'left-behind');
    expect((await pin(before, other, 'enable', undefined, { pinCode: '8642' })).status).toBe(200);
    const after = k2;
    expect((await pin(after, u, 'validate', '8642')).status).toBe(200);
    expect((await pin(after, other, 'validate', '8642')).body.code).toBe('B2C_USM0031');
  });

  it('costs microseconds a check: 10,000 checks well under a second (one scrypt check took 26 ms)', async () => {
    const peppers = peppersOf([{ id: 'k', key: randomBytes(32) }]);
    const userId = '6f1c1d9e-2a47-4a51-9c53-0d7e1f7a0b11';
    const row = sealPasscode(peppers, userId, '2468');
    const started = performance.now();
    let right = 0;
    for (let i = 0; i < 10_000; i += 1) {
      if ((await verifyPasscode(peppers, userId, String(i).padStart(4, '0'), row)).ok) right += 1;
    }
    expect(right).toBe(1);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('wants its own pepper in production, well formed, each key 32 bytes or more', () => {
    const production = {
      NODE_ENV: 'production',
      SANDBOX: 'false',
      TELEGRAM_BOT_TOKEN: '1:x',
      IDP_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
    };
    expect(problems(production)).toMatch(/PASSCODE_PEPPER is required in production/);
    expect(problems({ ...production, PASSCODE_PEPPER: K1 })).not.toMatch(/PASSCODE_PEPPER/);
    expect(problems({ PASSCODE_PEPPER: 'k1:c2hvcnQ=' })).toMatch(/PASSCODE_PEPPER must be id:key pairs/);
    expect(problems({ PASSCODE_PEPPER: `${K1},${K1}` })).toMatch(/names the key id k1 twice/);
    // The secret is never echoed back.
    expect(problems({ PASSCODE_PEPPER: 'k1:c2hvcnQ=' })).not.toContain('c2hvcnQ');
  });
});
