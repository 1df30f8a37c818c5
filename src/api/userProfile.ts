import type { KyInstance } from 'ky';
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

export const createUserApi = (authHttp: KyInstance) => ({
  getProfile: () => authHttp.get(`${base}/user`).json<UserProfile>(),
  /** The active account's server-side language and fiat (spec §3), from GET /user. */
  async getSettings(): Promise<{ language: Language | null; currency: string | null }> {
    const account = (await authHttp.get(`${base}/user`).json<UserProfile>()).accounts[0];
    return { language: account?.language ?? null, currency: account?.defaultFiatCurrency ?? null };
  },
  getAuthInfo: () => authHttp.get(`${base}/user/auth`).json<AuthInfo>(),
  async setLanguage(language: Language): Promise<void> {
    await authHttp.post(`${base}/user/language/${language}`);
  },
  async setDefaultFiatCurrency(currency: string): Promise<void> {
    await authHttp.post(`${base}/user/default-fiat-currency/update/${currency}`);
  },
});

export type UserApi = ReturnType<typeof createUserApi>;
