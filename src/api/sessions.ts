import type { KyInstance } from 'ky';

/** POST /user/sessions/revoke's answer: how many grants ended (this device's included). */
export type RevokedSessions = { revoked: number };

const base = 'b2c-user-management';

/** Sign out of all devices (issue 20 item 3): every grant of the user ends at once; the owner is mailed. */
export const createSessionsApi = (authHttp: KyInstance) => ({
  revokeAll: () => authHttp.post(`${base}/user/sessions/revoke`).json<RevokedSessions>(),
});

export type SessionsApi = ReturnType<typeof createSessionsApi>;
