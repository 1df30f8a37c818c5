/**
 * The Telegram user a stored session was signed in for (issue 20 item 9): the gateway's tokens do not
 * name it, so the app records it beside the stored user when it signs in with init data, tied to the
 * user's `sub`. A record for another `sub` is no record.
 */
const KEY = 'telegramSessionOwner';

export function recordTelegramOwner(sub: string, telegramUserId: number): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ sub, telegramUserId }));
  } catch {
    // Without storage the next start asks the profile instead.
  }
}

export function telegramOwnerOf(sub: string): number | undefined {
  try {
    const record = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as {
      sub?: unknown;
      telegramUserId?: unknown;
    } | null;
    return record?.sub === sub && typeof record.telegramUserId === 'number' ? record.telegramUserId : undefined;
  } catch {
    return undefined;
  }
}

export function forgetTelegramOwner(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
