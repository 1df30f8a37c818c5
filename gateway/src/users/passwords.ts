import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** N = 2^14 (16,384), r 8, p 1: about 50 ms and 16 MB per hash on a server core. */
export const DEFAULT_PASSWORD_HASH_COST = 14;
const R = 8;
const P = 1;
const KEYLEN = 64;

/**
 * Self-describing `scrypt$N$r$p$salt$hash`, so the cost can change without breaking stored hashes: a hash is
 * verified with the N it names. `cost` is log2(N): production keeps the default (config.ts refuses less); the
 * test suites lower it (PASSWORD_HASH_COST), where thousands of sign-ups would otherwise spend minutes here.
 */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const dummies = new Map<number, Promise<string>>();
/** Burns the same scrypt time for an unknown e-mail, so response time does not reveal accounts. */
export async function verifyAgainstDummy(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<false> {
  let dummy = dummies.get(cost);
  if (!dummy) dummies.set(cost, (dummy = hashPassword('dummy-password-for-timing', cost)));
  await verifyPassword(password, await dummy);
  return false;
}
