import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeys } from '../src/idp/keys.js';
import { passwordGrant, startIdp, type FakeUser, type IdpServer } from './idp-support.js';

let s: IdpServer;
let alice: FakeUser;
let ourKey: JWK;
let grantId: string;

beforeAll(async () => {
  s = await startIdp();
  alice = s.users.add('alice@example.com', 'correct horse');
  // Stored sealed (IDP_KEY_ENCRYPTION_KEY); the loader opens it as the provider does.
  ourKey = (await loadKeys(s.database.db, s.config.idpKeyEncryptionKey)).jwks.keys[0]!;
  const tokens = (await passwordGrant(s, 'alice@example.com', 'correct horse')).body;
  grantId = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()).gid;
});
afterAll(() => s.close());

function claims(over: JWTPayload = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: s.issuer,
    aud: 'urn:wallet:api',
    sub: alice.id,
    client_id: 'wallet-web',
    scope: 'openid',
    jti: `t-${Math.random()}`,
    gid: grantId,
    iat: now,
    exp: now + 300,
    ...over,
  };
}

async function sign(payload: JWTPayload, opts: { key?: JWK; kid?: string; typ?: string; alg?: string } = {}) {
  const jwk = opts.key ?? ourKey;
  const alg = opts.alg ?? 'RS256';
  return new SignJWT(payload)
    .setProtectedHeader({ alg, typ: opts.typ ?? 'at+jwt', kid: opts.kid ?? jwk.kid })
    .sign(await importJWK(jwk, alg));
}

const unsigned = (payload: JWTPayload) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;

describe('verifyAccessToken', () => {
  it('accepts a well-formed token signed with our key (control)', async () => {
    expect(await s.idp.verifyAccessToken(await sign(claims()))).toEqual({ sub: alice.id });
  });

  it('rejects alg none', async () => {
    await expect(s.idp.verifyAccessToken(unsigned(claims()))).rejects.toThrow();
  });

  it('rejects a symmetric token keyed with our public key (alg confusion)', async () => {
    const pub = { kty: 'oct', k: Buffer.from(JSON.stringify({ n: ourKey.n, e: ourKey.e })).toString('base64url') };
    await expect(
      s.idp.verifyAccessToken(await sign(claims(), { key: pub as JWK, alg: 'HS256', kid: ourKey.kid })),
    ).rejects.toThrow();
  });

  it('rejects a wrong audience and a wrong issuer', async () => {
    await expect(s.idp.verifyAccessToken(await sign(claims({ aud: 'urn:other:api' })))).rejects.toThrow();
    await expect(s.idp.verifyAccessToken(await sign(claims({ aud: 'wallet-web' })))).rejects.toThrow();
    await expect(
      s.idp.verifyAccessToken(await sign(claims({ iss: 'http://evil.example/realms/wallet' }))),
    ).rejects.toThrow();
  });

  it('rejects an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    await expect(s.idp.verifyAccessToken(await sign(claims({ iat: past - 300, exp: past })))).rejects.toThrow(/exp/);
  });

  it('refuses a token it accepted once when that token expires (signature checks are remembered, expiry is not)', async () => {
    const soon = Math.floor(Date.now() / 1000) + 2;
    const token = await sign(claims({ exp: soon }));
    expect(await s.idp.verifyAccessToken(token)).toEqual({ sub: alice.id });
    expect(await s.idp.verifyAccessToken(token)).toEqual({ sub: alice.id });
    await new Promise((resolve) => setTimeout(resolve, soon * 1000 - Date.now() + 50));
    await expect(s.idp.verifyAccessToken(token)).rejects.toThrow(/exp/);
  });

  it('rejects a token signed by another key, with our kid or an unknown one', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const other = { ...(await exportJWK(privateKey)), kid: ourKey.kid };
    await expect(s.idp.verifyAccessToken(await sign(claims(), { key: other }))).rejects.toThrow();
    await expect(
      s.idp.verifyAccessToken(await sign(claims(), { key: { ...other, kid: 'unknown' } })),
    ).rejects.toThrow();
  });

  it('rejects the refresh token and the ID token of a real sign-in', async () => {
    const tokens = (await passwordGrant(s, 'alice@example.com', 'correct horse')).body;
    await expect(s.idp.verifyAccessToken(tokens.refresh_token)).rejects.toThrow();
    await expect(s.idp.verifyAccessToken(tokens.id_token)).rejects.toThrow();
    // Even an ID-token-shaped JWT retyped as an access token fails on its audience.
    const idClaims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1], 'base64url').toString());
    await expect(s.idp.verifyAccessToken(await sign({ ...idClaims, jti: 'x', gid: grantId }))).rejects.toThrow();
  });

  it('rejects a token without a live grant', async () => {
    await expect(s.idp.verifyAccessToken(await sign(claims({ gid: 'no-such-grant' })))).rejects.toThrow(/revoked/);
    await expect(s.idp.verifyAccessToken(await sign(claims({ gid: undefined })))).rejects.toThrow();
  });

  it('rejects garbage', async () => {
    for (const t of ['', 'abc', 'a.b.c', 'Bearer x']) await expect(s.idp.verifyAccessToken(t)).rejects.toThrow();
  });
});
