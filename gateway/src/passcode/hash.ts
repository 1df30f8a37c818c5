import { createHmac, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasscodePeppers } from './pepper.js';

/**
 * A 4-digit code has 10,000 values, so no hash, however slow, protects it once a table leaks: anyone
 * can try them all. What protects it is a secret the database does not hold: HMAC-SHA-256 under the
 * server's pepper (pepper.ts), over the user id and the code, so a row copied to another user does not
 * match either. Stored as `hmac$<key id>$<base64 MAC>`; a check costs microseconds, which lets it run
 * under the user's row lock inside the money transaction (gate.ts). The server-side attempt limit
 * (rules.ts) is what stops guessing through the API.
 *
 * Rows written before the pepper are scrypt strings (`scrypt$N$r$p$salt$key`): they still verify, and
 * are re-sealed under the current key at their next correct entry, as are MACs under an older key.
 */
export const PASSCODE_PATTERN = /^[0-9]{4}$/;
const SCHEME = 'hmac';

const mac = (key: Buffer, userId: string, code: string) =>
  createHmac('sha256', key).update(`${userId}:${code}`).digest();

export function sealPasscode(peppers: PasscodePeppers, userId: string, code: string): string {
  const { id, key } = peppers.current;
  return [SCHEME, id, mac(key, userId, code).toString('base64')].join('$');
}

export interface Verdict {
  ok: boolean;
  /** A correct code stored under an old scheme or key: re-seal it under the current key. */
  reseal: boolean;
}

function deriveScrypt(code: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(code, salt, 32, { ...opts, maxmem: 256 * opts.N! * opts.r! }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** Constant-time; a malformed row or an unknown key id never matches. */
export async function verifyPasscode(
  peppers: PasscodePeppers,
  userId: string,
  code: string,
  stored: string,
): Promise<Verdict> {
  if (!PASSCODE_PATTERN.test(code)) return { ok: false, reseal: false };
  const parts = stored.split('$');
  if (parts[0] === SCHEME && parts.length === 3) {
    const key = peppers.byId.get(parts[1]!);
    const ok = Boolean(key) && sameBytes(mac(key!, userId, code), Buffer.from(parts[2]!, 'base64'));
    return { ok, reseal: ok && parts[1] !== peppers.current.id };
  }
  if (parts[0] === 'scrypt' && parts.length === 6) {
    const [, n, r, p, salt, key] = parts;
    const actual = await deriveScrypt(code, Buffer.from(salt!, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
    const ok = sameBytes(actual, Buffer.from(key!, 'base64'));
    return { ok, reseal: ok };
  }
  return { ok: false, reseal: false };
}
