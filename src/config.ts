/**
 * Where the app finds its gateway and identity provider (the outside links the screens open are
 * src/linkConfig.ts, so the boot chunk does not carry them). Defaults to the page's own origin because the
 * reference gateway serves app, API and IdP on one port; a production build sets the VITE_* variables.
 */
const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
const env = import.meta.env;

export const appConfig = {
  apiUrl: (env.VITE_API_URL as string | undefined) ?? origin,
  oidcAuthority: (env.VITE_OIDC_AUTHORITY as string | undefined) ?? `${origin}/realms/wallet`,
  oidcClientId: (env.VITE_OIDC_CLIENT_ID as string | undefined) ?? 'wallet-web',
  oidcScope: 'openid profile email offline_access',
};
