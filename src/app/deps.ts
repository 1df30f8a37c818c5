import type { KyInstance } from 'ky';
import type { RestoredSession, SessionUser } from '../../machines/session.machine';
import type { Language } from '../../machines/preferences.machine';
import type { Toast } from '../../machines/toast.machine';
import type { AddressBookApi } from '../api/addressBook';
import type { AuthFormsApi } from '../api/authForms';
import type { PasscodeApi } from '../api/passcode';
import type { SendApi } from '../api/send';
import type { UserApi } from '../api/userProfile';
import type { WalletApi } from '../api/wallet';
import type { Platform } from '../platform/types';
import type { ClientStore } from './clientStore';
import type { PreferenceStore } from './applyPreferences';

/** The gateway's calls, grouped as src/api exports them. */
export type Apis = {
  user: UserApi;
  wallet: WalletApi;
  passcode: PasscodeApi;
  send: SendApi;
  addressBook: AddressBookApi;
  authForms: AuthFormsApi;
};

/** The identity provider and the stored user (src/auth/oidcAuth.ts over oidc-client-ts). */
export type AuthPort = {
  /** The stored user (or the one an OIDC callback brings), with what start-up needs to know. */
  restoreSession(): Promise<RestoredSession>;
  signinSilent(): Promise<SessionUser>;
  signInWithInitData(): Promise<SessionUser>;
  exchangeLinkToken(linkToken: string): Promise<SessionUser>;
  signInWithPassword(email: string, password: string): Promise<SessionUser>;
  removeStoredUser(): void;
  /** Ends the user's tokens at the IdP; createServices then ends the session. Rejects when sign-out failed. */
  signOut(): Promise<void>;
  /** The stored user went away (another tab signed out). */
  onUserUnloaded(listener: () => void): void;
};

/** What the page does with the preferences and how it tells the user things. */
export type UiPort = {
  applyTheme(dark: boolean): void;
  applyLanguage(language: Language): void;
  /** Told of every toast the app raises (tests record them); the toast area itself is services.toast. */
  toastShown?(toast: Toast): void;
};

/**
 * Everything createServices needs from the outside world. src/app/live.ts builds the real set;
 * tests (tests/flows/app/harness.tsx) build fakes, and both get the same actors and links.
 */
export type ServiceDeps = {
  platform: Platform;
  env: { production: boolean };
  /** The unauthenticated client; createServices wraps it with the session (bearer token, 401 rule). */
  http: KyInstance;
  /** The gateway calls on the authenticated client createServices built. */
  apis(authHttp: KyInstance): Apis;
  auth: AuthPort;
  storage: { preferences: PreferenceStore; client: ClientStore };
  ui: UiPort;
};
