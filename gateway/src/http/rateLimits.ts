/**
 * The rate-limit rules: which requests count together, per client address (`ip`) and per account
 * (`account`: the e-mail or user name of a signed-out request, the user id of a signed-in one), and
 * how many of them a window allows. Defaults are meant for production: a person never meets them,
 * a script does. `RATE_LIMITS` overrides any of them (see `parseRateLimits`).
 */
export const RATE_LIMIT_RULES = [
  'signIn',
  'signUp',
  'passwordReset',
  'confirmation',
  'telegram',
  'passcode',
  'money',
  'analytics',
  'sellRate',
  'addressBook',
  'contacts',
] as const;
export type RateLimitRule = (typeof RATE_LIMIT_RULES)[number];
export const RATE_LIMIT_SCOPES = ['ip', 'account'] as const;
export type RateLimitScope = (typeof RATE_LIMIT_SCOPES)[number];

export interface Limit {
  max: number;
  windowSeconds: number;
}
export type RateLimits = Record<RateLimitRule, Partial<Record<RateLimitScope, Limit>>>;

const per = (max: number, windowSeconds: number): Limit => ({ max, windowSeconds });

export const DEFAULT_RATE_LIMITS: RateLimits = {
  // Token endpoint (password grant) and the IdP's login page: every attempt counts, right or wrong.
  signIn: { ip: per(100, 600), account: per(20, 600) },
  signUp: { ip: per(100, 3600), account: per(5, 3600) },
  // Each request mails the address: the per-address limit keeps a mailbox from being flooded.
  passwordReset: { ip: per(50, 3600), account: per(5, 3600) },
  // Confirmation and reset codes: no account is known before the code is checked.
  confirmation: { ip: per(100, 600) },
  telegram: { ip: per(200, 600) },
  // The lockout ladder already limits guesses; this caps the hashing work a stolen session can cause.
  passcode: { ip: per(600, 600), account: per(100, 600) },
  // Sends and swaps: far above what a person does, low enough to stop a runaway client.
  money: { ip: per(3000, 60), account: per(300, 60) },
  // The app sends a batch every few seconds at most; this stops a script from flooding the sink.
  analytics: { ip: per(600, 60), account: per(120, 60) },
  // A sell rate is fixed per sell screen; each one is a row (deleted once long expired and unused, sell/rate.ts).
  sellRate: { ip: per(600, 60), account: per(30, 60) },
  // Saving a recipient is a tap per contact; the book itself is capped (addressBook/service.ts).
  addressBook: { ip: per(300, 60), account: per(30, 60) },
  // Finding wallet users by @username or e-mail (issue 25): a person types a few; a script guessing names stops here.
  contacts: { ip: per(120, 60), account: per(20, 60) },
};

/**
 * `RATE_LIMITS`: `off` (no limits at all, e.g. for a load test), or comma-separated overrides
 * `rule.scope=max/seconds` or `rule.scope=off`, e.g. `signIn.ip=30/60,money.account=off`.
 * Returns the problems instead of throwing, so config.ts can report every bad variable at once.
 */
export function parseRateLimits(raw: string | undefined, problems: string[]): RateLimits | false {
  const limits: RateLimits = structuredClone(DEFAULT_RATE_LIMITS);
  if (raw === undefined || raw.trim() === '') return limits;
  if (/^(off|false|0|no)$/i.test(raw.trim())) return false;
  for (const entry of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(\w+)\.(\w+)=(?:(off)|(\d{1,9})\/(\d{1,9}))$/.exec(entry);
    const rule = m?.[1] as RateLimitRule | undefined;
    const scope = m?.[2] as RateLimitScope | undefined;
    if (
      !m ||
      !RATE_LIMIT_RULES.includes(rule!) ||
      !RATE_LIMIT_SCOPES.includes(scope!) ||
      (!m[3] && (Number(m[4]) < 1 || Number(m[5]) < 1))
    ) {
      problems.push(
        `RATE_LIMITS must be off or rule.scope=max/seconds entries (rules: ${RATE_LIMIT_RULES.join(', ')}; scopes: ip, account); not: ${JSON.stringify(entry)}`,
      );
      continue;
    }
    if (m[3]) delete limits[rule!][scope!];
    else limits[rule!][scope!] = per(Number(m[4]), Number(m[5]));
  }
  return limits;
}
