import type { Language } from '../../machines/preferences.machine';
import type { Toast } from '../../machines/toast.machine';
import type { AuthFormsApi } from '../api/authForms';
import type { CreateSignedInServices, SignedInGateway } from './signedIn';
import type { StartPlatform } from '../platform/types';
import type { ClientStore } from './clientStore';
import type { PreferenceStore } from './applyPreferences';
import type { AnalyticsBatch } from '../../contracts/analytics';
import type { AuthPort } from '../auth/authPort';

// Apis and AuthPort live below src/app (the signed-in part and the auth code use them too); named here as
// well because the harness describes the whole outside world of createServices from this file.
export type { Apis } from '../api/apis';
export type { AuthPort };

/**
 * The signed-in part's factory (src/app/signedIn.ts), the public client, the gateway calls on the
 * authenticated client it builds and the page's network for its connectivity actor. The live app
 * downloads them with the signed-in area (src/app/liveSignedIn.ts).
 */
export type SignedInParts = SignedInGateway & { createSignedIn: CreateSignedInServices };

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
