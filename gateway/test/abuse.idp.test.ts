import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_IDP_KEY_ENCRYPTION_KEY } from '../src/config.js';
import { oidcKeys } from '../src/db/schema/idp.js';
import { API_RESOURCE } from '../src/idp/constants.js';
import { loadKeys, SIGNING_ALG } from '../src/idp/keys.js';
import { createTestApp, type TestApp } from './support/app.js';
import { freshDatabase } from './support/database.js';
import { walletUser } from './wallet-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const storedValue = async (db: TestApp['db'], name: string) =>
  (await db.select().from(oidcKeys).where(eq(oidcKeys.name, name)))[0]?.value as Record<string, unknown>;

describe("the IdP's private keys at rest", () => {
  it('are stored sealed with AES-256-GCM: no private member of the signing key is readable in the row', async () => {
    const row = await storedValue(t.db, 'signing-jwks');
    expect(row).toMatchObject({
      sealed: 'A256GCM',
      iv: expect.any(String),
      tag: expect.any(String),
      data: expect.any(String),
    });
    const { jwks } = await loadKeys(t.db, DEV_IDP_KEY_ENCRYPTION_KEY);
    const d = jwks.keys[0]!.d!;
    expect(d.length).toBeGreaterThan(100);
    expect(JSON.stringify(row)).not.toContain(d.slice(0, 24));
    expect(JSON.stringify(await storedValue(t.db, 'cookie-keys'))).toContain('A256GCM');
  });

  it('seals a key an older version stored in the clear, and refuses to start under another key', async () => {
    const database = await freshDatabase();
    try {
      const plain = { keys: [{ kty: 'oct', k: 'old-plain-secret', kid: 'legacy' }] };
      await database.db.insert(oidcKeys).values({ name: 'signing-jwks', value: plain });
      const loaded = await loadKeys(database.db, DEV_IDP_KEY_ENCRYPTION_KEY);
      expect(loaded.jwks).toEqual(plain);
      const row = await storedValue(database.db, 'signing-jwks');
      expect(row.sealed).toBe('A256GCM');
      expect(JSON.stringify(row)).not.toContain('old-plain-secret');
      expect((await loadKeys(database.db, DEV_IDP_KEY_ENCRYPTION_KEY)).jwks).toEqual(plain);
      await expect(loadKeys(database.db, Buffer.alloc(32, 7))).rejects.toThrow(/IDP_KEY_ENCRYPTION_KEY does not open/);
    } finally {
      await database.close();
    }
  });
});

describe("a token's subject must own its grant", () => {
  it("refuses a correctly signed token that carries one user's sub on another user's grant", async () => {
    const alice = await walletUser(t, 'alice');
    const bob = await walletUser(t, 'bob');
    const claims = decodeJwt(alice.token);
    expect(claims.gid).toEqual(expect.any(String));
    const { jwks } = await loadKeys(t.db, DEV_IDP_KEY_ENCRYPTION_KEY);
    const key = await importJWK(jwks.keys[0]!, SIGNING_ALG);
    const forge = (sub: string) =>
      new SignJWT({ ...claims, sub, jti: randomUUID() })
        .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid: jwks.keys[0]!.kid! })
        .sign(key);
    // The same claims re-signed for alice still work (the forgery below differs only in `sub`).
    await expect(t.app.idp.verifyAccessToken(await forge(alice.id))).resolves.toEqual({ sub: alice.id });
    await expect(t.app.idp.verifyAccessToken(await forge(bob.id))).rejects.toThrow();
    const res = await t.app.inject({
      method: 'GET',
      url: '/b2c-user-management/user',
      headers: { authorization: `Bearer ${await forge(bob.id)}` },
    });
    expect(res.statusCode).toBe(401);
    expect(claims.aud).toBe(API_RESOURCE);
  });
});
