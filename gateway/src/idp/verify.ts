import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
  /** When the user last signed in (unix seconds), kept through refreshes (provider.ts authTimeOf). */
  auth_time?: number;
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

const live = (table: { expiresAt: AnyPgColumn }) => or(isNull(table.expiresAt), gt(table.expiresAt, sql`now()`));
const REVOKED_ALIAS = 'revoked_token';
const revokedToken = alias(oidcPayloads, REVOKED_ALIAS);

/**
 * The bearer's liveness as columns of a statement reading `FROM oidc_payload`, so a caller can fold
 * its own reads (the account check, the balance poll) into the same round trip: under load each round
 * trip to PostgreSQL, not the statement's work, was what a request waited for. Filter the statement
 * with `liveGrant`: no row means no live grant. Judge the row with `isLiveRow`; fill the placeholders
 * with `livenessParams`.
 */
export const livenessColumns = {
  // Compared as text only when the payload holds a string, as the JS check did before (a number 5
  // never equals the subject "5").
  grantOwner: sql<
    string | null
  >`case when jsonb_typeof(${oidcPayloads.payload} -> 'accountId') = 'string' then ${oidcPayloads.payload} ->> 'accountId' end`,
  // The same table again under its own name: the revoked-token row, if any, for this jti.
  revoked: sql<boolean>`exists (select 1 from ${oidcPayloads} as ${sql.identifier(REVOKED_ALIAS)} where ${and(
    eq(revokedToken.model, REVOKED_ACCESS_TOKEN),
    eq(revokedToken.id, sql.placeholder('jti')),
    live(revokedToken),
  )})`,
};

/** The token's grant, while it exists and has not expired (revoked or killed grants are deleted). */
export const liveGrant = and(
  eq(oidcPayloads.model, 'Grant'),
  eq(oidcPayloads.id, sql.placeholder('gid')),
  live(oidcPayloads),
);

export const livenessParams = (claims: AccessTokenClaims) => ({ gid: claims.gid ?? '', jti: claims.jti });

export interface LivenessRow {
  grantOwner: string | null;
  revoked: boolean;
}

/**
 * True while the token's grant exists (not revoked, not killed by refresh-token reuse) and belongs to
 * the token's subject, and the token itself was not revoked. `row` is the statement's first row.
 */
export function isLiveRow(row: LivenessRow | undefined, claims: AccessTokenClaims): boolean {
  // A token signed for one account must not ride on another account's grant.
  return Boolean(claims.gid) && row !== undefined && row.grantOwner === claims.sub && !row.revoked;
}

const liveTokenRows = preparedPer((db) =>
  db.select(livenessColumns).from(oidcPayloads).where(liveGrant).prepare('token_live'),
);

/** The liveness check alone, for routes without an `:account` (profile, userinfo). */
export async function isTokenLive(db: Db, claims: AccessTokenClaims): Promise<boolean> {
  if (!claims.gid) return false;
  const [row] = await liveTokenRows(db).execute(livenessParams(claims));
  return isLiveRow(row, claims);
}
