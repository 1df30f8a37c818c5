import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
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

/** How a secret sits in `oidc_keys.value`: AES-256-GCM under IDP_KEY_ENCRYPTION_KEY, bound to its row's name. */
export interface SealedValue {
  sealed: 'A256GCM';
  iv: string;
  tag: string;
  data: string;
}

const isSealed = (value: unknown): value is SealedValue =>
  typeof value === 'object' && value !== null && (value as { sealed?: unknown }).sealed === 'A256GCM';

export function seal(key: Buffer, name: string, value: unknown): SealedValue {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    sealed: 'A256GCM',
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

export function unseal<T>(key: Buffer, name: string, value: SealedValue): T {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(value.iv, 'base64'));
    decipher.setAAD(Buffer.from(name));
    decipher.setAuthTag(Buffer.from(value.tag, 'base64'));
    return JSON.parse(
      Buffer.concat([decipher.update(Buffer.from(value.data, 'base64')), decipher.final()]).toString('utf8'),
    ) as T;
  } catch {
    throw new Error(
      `IDP_KEY_ENCRYPTION_KEY does not open the stored identity provider key "${name}": the gateway must start with the key it was stored under`,
    );
  }
}

/**
 * Reads a stored secret, creating it on first start. Insert-if-absent then read back, so two
 * instances starting together against one database end up with the same key. Secrets are stored
 * sealed; one stored in the clear by an older version is sealed in place on the first start.
 */
async function loadOrCreate<T>(db: Db, encryptionKey: Buffer, name: string, create: () => Promise<T> | T): Promise<T> {
  const read = async () => (await db.select().from(oidcKeys).where(eq(oidcKeys.name, name)).limit(1))[0]?.value;
  let stored = await read();
  if (stored === undefined) {
    await db
      .insert(oidcKeys)
      .values({ name, value: seal(encryptionKey, name, await create()) })
      .onConflictDoNothing();
    stored = await read();
  }
  if (isSealed(stored)) return unseal<T>(encryptionKey, name, stored);
  await db
    .update(oidcKeys)
    .set({ value: seal(encryptionKey, name, stored) })
    .where(eq(oidcKeys.name, name));
  return stored as T;
}

export async function loadKeys(db: Db, encryptionKey: Buffer): Promise<IdpKeys> {
  const jwks = await loadOrCreate(db, encryptionKey, 'signing-jwks', newSigningJwks);
  const cookieKeys = await loadOrCreate(db, encryptionKey, 'cookie-keys', () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { jwks, publicJwks: { keys: jwks.keys.map(toPublicJwk) }, cookieKeys };
}
