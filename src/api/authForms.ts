import { publicHttp } from './http';

/**
 * Public user-management calls of the auth screens (spec §7). Each resolves when the gateway accepts
 * and rejects with an ApiError (see http.ts) otherwise. Paths are relative to the client's `prefix`.
 */
const base = 'b2c-user-management';

export type SignupBody = { email: string; password: string; accountName: string };

export async function registerUser(body: SignupBody): Promise<void> {
  await publicHttp.post(`${base}/user`, { json: body });
}

export async function confirmEmail(body: { confirmationCode: string }): Promise<void> {
  await publicHttp.post(`${base}/confirmation/confirm`, { json: body });
}

export async function requestPasswordReset(body: { email: string }): Promise<void> {
  await publicHttp.post(`${base}/password-reset`, { json: body });
}

export async function confirmPasswordReset(body: { password: string; confirmationCode: string }): Promise<void> {
  await publicHttp.post(`${base}/password-reset/confirm`, { json: body });
}

export const authFormsApi = { registerUser, confirmEmail, requestPasswordReset, confirmPasswordReset };

export type AuthFormsApi = typeof authFormsApi;
