import type { AuthFormsApi } from '../api/authForms';
import { postAnalytics } from '../api/analytics';
import { createOidcAuth } from '../auth/oidcAuth';
import type { LaunchInfo } from '../platform/launch';
import type { StartPlatform } from '../platform/types';
import { applyLanguage, applyTheme, preferenceStore } from './applyPreferences';
import { clientStore } from './clientStore';
import { createServices, type AppServices } from './services';

// The sign-up, confirmation and reset calls, with the public client and ky under them, download with the
// auth forms' screens (src/app/pages.ts starts it) or their first call, not with the login screen.
const forms = () => import('../api/authForms');
const authForms: AuthFormsApi = {
  registerUser: async (body) => (await forms()).registerUser(body),
  confirmEmail: async (body) => (await forms()).confirmEmail(body),
  requestPasswordReset: async (body) => (await forms()).requestPasswordReset(body),
  confirmPasswordReset: async (body) => (await forms()).confirmPasswordReset(body),
};

/** The real world for createServices: the gateway, the identity provider, the page, its storage. */
export function createLiveServices(launch: LaunchInfo, platform: StartPlatform): AppServices {
  const services = createServices({
    platform,
    env: { production: import.meta.env.PROD },
    authForms,
    // The signed-in wiring and its API modules are their own chunk (docs/performance.md, "How the first paint is kept small").
    signedIn: () => import('./signedInPart').then((part) => part.live),
    auth: createOidcAuth(launch, platform),
    storage: { preferences: preferenceStore, client: clientStore },
    ui: {
      applyTheme: (dark) => applyTheme(dark, platform),
      applyLanguage: (language) => void applyLanguage(language),
    },
    analytics: { send: postAnalytics },
  });
  // What is still queued leaves when the page is hidden or left: the user may never come back to it.
  const leaving = () => void services.analytics.flush();
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && leaving());
  window.addEventListener('pagehide', leaving);
  return services;
}
