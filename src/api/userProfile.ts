import type { KyInstance } from 'ky';
import type { AuthInfo, Language, TelegramLinkCode, UserProfile } from '../../contracts/user';
import { pincodeHeader } from './passcode';

export type { Account, AuthInfo, UserProfile } from '../../contracts/user';

const base = 'b2c-user-management';

export const createUserApi = (authHttp: KyInstance) => ({
  getProfile: () => authHttp.get(`${base}/user`).json<UserProfile>(),
  /** The active account's server-side language and fiat (spec §3), from GET /user. */
  async getSettings(): Promise<{ language: Language | null; currency: string | null }> {
    const account = (await authHttp.get(`${base}/user`).json<UserProfile>()).accounts[0];
    return { language: account?.language ?? null, currency: account?.defaultFiatCurrency ?? null };
  },
  getAuthInfo: () => authHttp.get(`${base}/user/auth`).json<AuthInfo>(),
  /**
   * A one-time code and the t.me deep link that completes the link inside the messenger. The gateway
   * wants a recent sign-in or the passcode (the `pincode` header, omitted when empty).
   */
  createTelegramCode: (pincode?: string) =>
    authHttp.post(`${base}/user/tg/code`, { headers: pincodeHeader(pincode) }).json<TelegramLinkCode>(),
  async unlinkTelegram(): Promise<void> {
    await authHttp.post(`${base}/user/tg/unlink`, { json: {} });
  },
  async setLanguage(language: Language): Promise<void> {
    await authHttp.post(`${base}/user/language/${language}`);
  },
  async setDefaultFiatCurrency(currency: string): Promise<void> {
    await authHttp.post(`${base}/user/default-fiat-currency/update/${currency}`);
  },
});

export type UserApi = ReturnType<typeof createUserApi>;
