import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passcodes are only 10^4 strong, so the hash must be slow and salted: scrypt with a per-user random
 * salt, N = 2^14, r = 8, p = 1 (16 MiB, tens of milliseconds). The parameters travel with the hash so
 * they can be raised later without breaking stored codes. The server-side attempt limit is what really
 * protects a 4-digit code; the hash protects it if the database leaks.
 */
const PARAMS = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 32;

export const PASSCODE_PATTERN = /^[0-9]{4}$/;

function derive(code: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(code, salt, KEY_LENGTH, { ...opts, maxmem: 256 * opts.N! * opts.r! }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPasscode(code: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(code, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPasscodeHash(code: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(code, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
