// Apart from initDataUser.ts, which the first download carries: only Settings needs the name.

/** Who the init data says is here, as Settings names a Telegram-only user. */
export type InitDataUser = { id: number; name: string; username: string | null };

/** The init data's `user` (its id, first and last name, @username), null without one. */
export function initDataUser(initData: string | null): InitDataUser | null {
  if (!initData) return null;
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null') as Record<string, unknown> | null;
    if (typeof user?.id !== 'number' || !Number.isSafeInteger(user.id)) return null;
    const part = (key: string) => (typeof user[key] === 'string' ? (user[key] as string).trim() : '');
    const name = [part('first_name'), part('last_name')].filter(Boolean).join(' ');
    return { id: user.id, name, username: part('username') || null };
  } catch {
    return null;
  }
}
