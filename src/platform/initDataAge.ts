/**
 * Seconds since Telegram signed this init data (its `auth_date`), null without init data or a date.
 * Only a hint for the app (asking for a reopen before typing); the gateway decides with its own clock.
 */
export function initDataAgeSeconds(initData: string | null, now = Date.now()): number | null {
  if (!initData) return null;
  const authDate = Number(new URLSearchParams(initData).get('auth_date'));
  if (!Number.isInteger(authDate) || authDate <= 0) return null;
  return Math.max(0, Math.floor(now / 1000) - authDate);
}
