/**
 * The server secret passcodes are MACed with (PASSCODE_PEPPER). It lives outside the database, so a
 * dump alone cannot test the 10,000 possible codes. Each key has an id that travels with every stored
 * MAC: add a new key first in the list to rotate; codes under an older key are re-sealed under the
 * new one at their next correct entry, and the old key can go once no row names it.
 */
export interface PepperKey {
  id: string;
  key: Buffer;
}
export interface PasscodePeppers {
  current: PepperKey;
  byId: ReadonlyMap<string, Buffer>;
}

/**
 * Outside production, a fixed public key keeps the sandbox and the tests working without setup; it
 * protects nothing. Production refuses to start without its own (config.ts).
 */
export const DEV_PEPPER: PepperKey = { id: 'dev', key: Buffer.from('sandbox-only passcode pepper, public on purpose') };

const ENTRY = /^([A-Za-z0-9_-]{1,16}):([A-Za-z0-9+/_-]{43,}={0,2})$/;

/** `id:base64key[,id:base64key…]`, newest first; each key at least 32 bytes. Problems are pushed, not thrown. */
export function parsePeppers(raw: string | undefined, problems: string[]): PasscodePeppers | undefined {
  if (raw === undefined) return undefined;
  const keys: PepperKey[] = [];
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = ENTRY.exec(part);
    const key = match ? Buffer.from(match[2]!, 'base64') : undefined;
    if (!match || !key || key.length < 32) {
      problems.push(
        'PASSCODE_PEPPER must be id:key pairs, newest first, each key 32+ random bytes in base64 (e.g. k1:$(openssl rand -base64 32))',
      );
      return undefined;
    }
    if (keys.some((k) => k.id === match[1])) {
      problems.push(`PASSCODE_PEPPER names the key id ${match[1]} twice`);
      return undefined;
    }
    keys.push({ id: match[1]!, key });
  }
  if (!keys.length) {
    problems.push('PASSCODE_PEPPER is empty');
    return undefined;
  }
  return peppersOf(keys);
}

export const peppersOf = (keys: PepperKey[]): PasscodePeppers => ({
  current: keys[0]!,
  byId: new Map(keys.map((k) => [k.id, k.key])),
});
