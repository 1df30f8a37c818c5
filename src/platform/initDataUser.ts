/**
 * The Telegram user id the init data names (its `user` field), null without init data or a user. Not a
 * proof (the gateway checks the signature): only which Telegram user the messenger says is here, to tell
 * whether a stored session is theirs (issue 20 item 9).
 */
export function initDataUserId(initData: string | null): number | null {
  if (!initData) return null;
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null') as { id?: unknown } | null;
    return typeof user?.id === 'number' && Number.isSafeInteger(user.id) ? user.id : null;
  } catch {
    return null;
  }
}
