/**
 * Where the app finds its gateway and identity provider. Defaults to the page's own origin because the
 * reference gateway serves app, API and IdP on one port; a production build sets the VITE_* variables.
 */
const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
const env = import.meta.env;

export const appConfig = {
  apiUrl: (env.VITE_API_URL as string | undefined) ?? origin,
  oidcAuthority: (env.VITE_OIDC_AUTHORITY as string | undefined) ?? `${origin}/realms/wallet`,
  oidcClientId: (env.VITE_OIDC_CLIENT_ID as string | undefined) ?? 'wallet-web',
  oidcScope: 'openid profile email offline_access',
  telegramBotName: (env.VITE_TELEGRAM_BOT_NAME as string | undefined) ?? 'wallet_sandbox_bot',
  supportEmail: (env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'support@wallet.local',
  termsUrl: (env.VITE_TERMS_URL as string | undefined) ?? '/legal/terms.html',
  privacyUrl: (env.VITE_PRIVACY_URL as string | undefined) ?? '/legal/privacy.html',
};
