/** Spec §9 local-storage keys owned by the wallet screens (client preferences, spec §3). */
const KEYS = {
  disabledAssets: 'disabledAssets',
  protectWallet: 'isProtectWalletShown',
  telegramBanner: 'isTelegramBannerClosed',
  currency: 'selectedCurrency',
} as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the choice holds for this visit only.
  }
}

export const clientStore = {
  /** Held coins the user hid on home (manage assets). */
  disabledAssets(): string[] {
    try {
      const parsed = JSON.parse(read(KEYS.disabledAssets) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
    } catch {
      return [];
    }
  },
  saveDisabledAssets: (currencies: readonly string[]) => write(KEYS.disabledAssets, JSON.stringify(currencies)),
  protectWalletShown: () => read(KEYS.protectWallet) === 'true',
  saveProtectWalletShown: () => write(KEYS.protectWallet, 'true'),
  telegramBannerClosed: () => read(KEYS.telegramBanner) === 'true',
  saveTelegramBannerClosed: () => write(KEYS.telegramBanner, 'true'),
  /** A locally chosen fiat (spec §3 selectedCurrency), or null when the user never chose one here. */
  currency: () => read(KEYS.currency),
  saveCurrency: (currency: string) => write(KEYS.currency, currency),
};

export type ClientStore = typeof clientStore;
