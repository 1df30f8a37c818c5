import { authHttp } from './authHttp';
import type { Language } from '../../machines/preferences.machine';

export type Account = { id: string; name: string; language: Language; defaultFiatCurrency: string };

/** GET /b2c-user-management/user (spec §3/§7). */
export type UserProfile = {
  id: string;
  email: string;
  accounts: Account[];
  pinCodeActive: boolean;
  telegram?: unknown;
};

export type AuthInfo = { tgAuth: boolean };

const base = 'b2c-user-management';

export const userApi = {
  getProfile: () => authHttp.get(`${base}/user`).json<UserProfile>(),
  getAuthInfo: () => authHttp.get(`${base}/user/auth`).json<AuthInfo>(),
  async setLanguage(language: Language): Promise<void> {
    await authHttp.post(`${base}/user/language/${language}`);
  },
  async setDefaultFiatCurrency(currency: string): Promise<void> {
    await authHttp.post(`${base}/user/default-fiat-currency/update/${currency}`);
  },
};

export type UserApi = typeof userApi;
