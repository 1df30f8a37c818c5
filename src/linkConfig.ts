const env = import.meta.env;

/** Where the app's outside links go (src/config.ts has the gateway and identity provider); VITE_* in production. */
export const linkConfig = {
  telegramBotName: (env.VITE_TELEGRAM_BOT_NAME as string | undefined) ?? 'wallet_sandbox_bot',
  supportEmail: (env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'support@wallet.local',
  termsUrl: (env.VITE_TERMS_URL as string | undefined) ?? '/legal/terms.html',
  privacyUrl: (env.VITE_PRIVACY_URL as string | undefined) ?? '/legal/privacy.html',
};
