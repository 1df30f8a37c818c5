import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { Db } from '../db/client.js';
import { preparedPer } from '../db/prepared.js';
import { oidcPayloads } from '../db/schema/idp.js';
import { API_RESOURCE } from './constants.js';
import { SIGNING_ALG } from './keys.js';

/** Model name under which revoked JWT access tokens are remembered until they expire. */
export const REVOKED_ACCESS_TOKEN = 'RevokedAccessToken';

export class InvalidAccessToken extends Error {
  readonly statusCode = 401;
  constructor(message = 'invalid access token') {
    super(message);
    this.name = 'InvalidAccessToken';
  }
}

export interface AccessTokenClaims {
  sub: string;
  jti: string;
  gid?: string;
  exp: number;
  client_id?: string;
  scope?: string;
}

/** Signature-checked tokens remembered per process (about 1 kB each). */
const VERIFIED_TOKENS_KEPT = 20_000;

/**
 * Checks one of our JWT access tokens: signature by our own key (RS256 only, so `none` and HS*
 * confusion fail), `typ: at+jwt` (ID tokens are plain JWTs), issuer, API audience, expiry.
 */

export function createTokenVerifier(opts: { issuer: string; publicJwks: { keys: JWK[] } }) {
  const keySet = createLocalJWKSet(opts.publicJwks);
  // A token string whose checks passed passes them again until it expires, and the app polls every
  // 10 s with the same token: the RSA verification was a quarter of the poll's CPU. Only the
  // signature work is remembered; whether the token is still live is read on every request.
  const verified = new Map<string, AccessTokenClaims>();
  return async function verifySignature(token: string): Promise<AccessTokenClaims> {
    if (typeof token !== 'string' || !token) throw new InvalidAccessToken('missing token');
    const known = verified.get(token);
    if (known && known.exp * 1000 > Date.now()) return known;
    verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: opts.issuer,
        audience: API_RESOURCE,
        algorithms: [SIGNING_ALG],
        typ: 'at+jwt',
        requiredClaims: ['sub', 'exp', 'jti'],
      });
      if (typeof payload.sub !== 'string' || !payload.sub) throw new InvalidAccessToken('token has no subject');
      const claims = payload as unknown as AccessTokenClaims;
      // Oldest first out: a Map iterates in insertion order.
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
      return claims;
    } catch (err) {
      if (err instanceof InvalidAccessToken) throw err;
      throw new InvalidAccessToken((err as Error).message);
    }
  };
}

const live = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

const liveTokenRows = preparedPer((db) => db
  .select({ model: oidcPayloads.model, payload: oidcPayloads.payload })
  .from(oidcPayloads)
  .where(
    and(
      or(
        and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, sql.placeholder('gid'))),
        and(eq(oidcPayloads.model, REVOKED_ACCESS_TOKEN), eq(oidcPayloads.id, sql.placeholder('jti'))),
      ),
      live,
    ),
  )
  .prepare('token_live'));

/**
 * True while the token's grant exists (not revoked, not killed by refresh-token reuse) and belongs to
 * the token's subject, and the token itself was not revoked.
 */
export async function isTokenLive(db: Db, claims: AccessTokenClaims): Promise<boolean> {
  if (!claims.gid) return false;
  const rows = await liveTokenRows(db).execute({ gid: claims.gid, jti: claims.jti });
  // A token signed for one account must not ride on another account's grant.
  const grant = rows.find((r) => r.model === 'Grant');
  const owner = (grant?.payload as { accountId?: unknown } | undefined)?.accountId;
  return owner === claims.sub && !rows.some((r) => r.model === REVOKED_ACCESS_TOKEN);
}
