import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client.js';
import { oidcKeys } from '../db/schema/idp.js';

export const SIGNING_ALG = 'RS256';

export interface IdpKeys {
  /** Private JWKS for the provider's `jwks` option. */
  jwks: { keys: JWK[] };
  /** The same keys without private members, for verifying our own tokens. */
  publicJwks: { keys: JWK[] };
  cookieKeys: string[];
}

const PUBLIC_MEMBERS = ['kty', 'kid', 'use', 'alg', 'n', 'e', 'crv', 'x', 'y'] as const;

export function toPublicJwk(jwk: JWK): JWK {
  return Object.fromEntries(PUBLIC_MEMBERS.filter((k) => jwk[k] !== undefined).map((k) => [k, jwk[k]])) as JWK;
}

async function newSigningJwks(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = await calculateJwkThumbprint(jwk);
  jwk.alg = SIGNING_ALG;
  jwk.use = 'sig';
  return { keys: [jwk] };
}

/**
 * Reads a stored key, creating it on first start. Insert-if-absent then read back, so two
 * instances starting together against one database end up with the same key.
 */
async function loadOrCreate<T>(db: Db, name: string, create: () => Promise<T> | T): Promise<T> {
  const existing = await db.select().from(oidcKeys).where(eq(oidcKeys.name, name)).limit(1);
  if (existing[0]) return existing[0].value as T;
  await db.insert(oidcKeys).values({ name, value: await create() }).onConflictDoNothing();
  const stored = await db.select().from(oidcKeys).where(eq(oidcKeys.name, name)).limit(1);
  return stored[0].value as T;
}

export async function loadKeys(db: Db): Promise<IdpKeys> {
  const jwks = await loadOrCreate(db, 'signing-jwks', newSigningJwks);
  const cookieKeys = await loadOrCreate(db, 'cookie-keys', () => [randomBytes(32).toString('base64url')]);
  return { jwks, publicJwks: { keys: jwks.keys.map(toPublicJwk) }, cookieKeys };
}
