import { timingSafeEqual } from 'node:crypto';
import { signData } from '@telegram-apps/init-data-node';

export interface TelegramUser {
  id: number;
  firstName: string;
  username?: string;
  languageCode?: string;
}

export interface VerifiedInitData {
  user: TelegramUser;
  authDate: Date;
  startParam?: string;
}

export class InitDataError extends Error {
  constructor(
    readonly reason: 'missing_hash' | 'bad_signature' | 'bad_auth_date' | 'expired' | 'no_user' | 'malformed',
  ) {
    super(`Telegram init data rejected: ${reason}`);
  }
}

/** Spec/GUIDE §8: init data older than one hour is refused (the library default is 24 h). */
export const INIT_DATA_MAX_AGE_SECONDS = 3600;
/** Telegram's and our clocks may differ slightly; anything further in the future is forged. */
const FUTURE_SKEW_SECONDS = 300;

/**
 * Same algorithm as `validate` from @telegram-apps/init-data-node 2.0.10, but that function
 * compares the hash with `!==` (dist/entries/shared-*.js, processSign), which leaks timing.
 * We build the data-check string the same way, sign it with the library's `signData`, and
 * compare with timingSafeEqual.
 */
export function verifyInitData(
  raw: string,
  botToken: string,
  now = Date.now(),
  maxAgeSeconds = INIT_DATA_MAX_AGE_SECONDS,
): VerifiedInitData {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(raw);
  } catch {
    throw new InitDataError('malformed');
  }
  const hash = params.get('hash');
  const pairs: string[] = [];
  params.forEach((value, key) => {
    if (key !== 'hash') pairs.push(`${key}=${value}`);
  });
  if (!hash) throw new InitDataError('missing_hash');

  const expected = Buffer.from(signData(pairs.sort().join('\n'), botToken), 'hex');
  const actual = /^[0-9a-f]+$/i.test(hash) ? Buffer.from(hash, 'hex') : Buffer.alloc(0);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new InitDataError('bad_signature');

  const authSeconds = Number(params.get('auth_date'));
  if (!Number.isInteger(authSeconds) || authSeconds <= 0) throw new InitDataError('bad_auth_date');
  const ageSeconds = now / 1000 - authSeconds;
  if (ageSeconds > maxAgeSeconds || ageSeconds < -FUTURE_SKEW_SECONDS) throw new InitDataError('expired');

  // Parsed by hand: the library's `parse` insists on fields (e.g. `signature`) older clients omit.
  let u: Record<string, unknown>;
  try {
    u = JSON.parse(params.get('user') ?? 'null') ?? {};
  } catch {
    throw new InitDataError('malformed');
  }
  if (typeof u.id !== 'number' || !Number.isSafeInteger(u.id)) throw new InitDataError('no_user');
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const username = text(u.username);
  const languageCode = text(u.language_code);
  const startParam = text(params.get('start_param'));
  return {
    user: {
      id: u.id,
      firstName: text(u.first_name) ?? '',
      ...(username ? { username } : {}),
      ...(languageCode ? { languageCode } : {}),
    },
    authDate: new Date(authSeconds * 1000),
    ...(startParam ? { startParam } : {}),
  };
}
