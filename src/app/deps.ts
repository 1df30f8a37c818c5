import type { RestoredSession, SessionUser } from '../../machines/session.machine';
import type { Language } from '../../machines/preferences.machine';
import type { Toast } from '../../machines/toast.machine';
import type { AddressBookApi } from '../api/addressBook';
import type { AuthFormsApi } from '../api/authForms';
import type { BuyApi } from '../api/buy';
import type { PricesApi } from '../api/prices';
import type { PasscodeApi } from '../api/passcode';
import type { SellApi } from '../api/sell';
import type { SendApi } from '../api/send';
import type { SessionsApi } from '../api/sessions';
import type { SwapApi } from '../api/swap';
import type { UserApi } from '../api/userProfile';
import type { WalletApi } from '../api/wallet';
import type { CreateSignedInServices, SignedInGateway } from './signedIn';
import type { StartPlatform } from '../platform/types';
import type { ClientStore } from './clientStore';
import type { PreferenceStore } from './applyPreferences';
import type { AnalyticsBatch } from '../../contracts/analytics';

/** The gateway's calls, grouped as src/api exports them. */
export type Apis = {
  user: UserApi;
  wallet: WalletApi;
  passcode: PasscodeApi;
  send: SendApi;
  sell: SellApi;
  swap: SwapApi;
  addressBook: AddressBookApi;
  /** Sign out of all devices. */
  sessions: SessionsApi;
  /** Tokenless (spec §6): built on the public client. */
  buy: BuyApi;
  /** Price charts, tokenless like the rates. */
  prices: PricesApi;
};

/**
 * The signed-in part's factory (src/app/signedIn.ts), the public client, the gateway calls on the
 * authenticated client it builds and the page's network for its connectivity actor. The live app
 * downloads them with the signed-in area (src/app/liveSignedIn.ts).
 */
export type SignedInParts = SignedInGateway & { createSignedIn: CreateSignedInServices };

/** The identity provider and the stored user (src/auth/oidcAuth.ts over oidc-client-ts). */
export type AuthPort = {
  /** The stored user (or the one an OIDC callback brings), with what start-up needs to know. */
  restoreSession(): Promise<RestoredSession>;
  signinSilent(): Promise<SessionUser>;
  signInWithInitData(): Promise<SessionUser>;
  exchangeLinkToken(linkToken: string): Promise<SessionUser>;
  /** Issue 20 item 9: GET /user with this access token (no renewal): the linked Telegram user's id, or null. */
  loadTelegramOwner(accessToken: string): Promise<number | null>;
  /** Records the Telegram user a stored session belongs to, beside the stored user. */
  recordTelegramOwner(sub: string, telegramUserId: number): void;
  /** Revokes the stored session's tokens at the IdP's revocation endpoint and removes the stored user. */
  discardSession(user: SessionUser): Promise<void>;
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
  platform: StartPlatform;
  env: { production: boolean };
  /** The sign-up, confirmation and reset calls (no token), used by the sign-in screens. */
  authForms: AuthFormsApi;
  /** The signed-in part: given at once (tests), or a download that createServices starts on first need. */
  signedIn: SignedInParts | (() => Promise<SignedInParts>);
  auth: AuthPort;
  storage: { preferences: PreferenceStore; client: ClientStore };
  ui: UiPort;
  /**
   * Where analytics batches go (POST /analytics/events); absent, events are dropped. Rejections are
   * only logged by the analytics port.
   */
  analytics?: { send(batch: AnalyticsBatch, options: { accessToken: string | null }): Promise<void> };
};
