import { localStore } from './webStorage';

/** Spec §9 local-storage keys owned by the wallet screens (Home and manage assets, spec §3). */
const KEYS = {
  disabledAssets: 'disabledAssets',
  protectWallet: 'isProtectWalletShown',
  telegramBanner: 'isTelegramBannerClosed',
} as const;

export const homeStore = {
  /** Held coins the user hid on home (manage assets). */
  disabledAssets(): string[] {
    try {
      const parsed = JSON.parse(localStore.read(KEYS.disabledAssets) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
    } catch {
      return [];
    }
  },
  saveDisabledAssets: (currencies: readonly string[]) => localStore.write(KEYS.disabledAssets, JSON.stringify(currencies)),
  protectWalletShown: () => localStore.read(KEYS.protectWallet) === 'true',
  saveProtectWalletShown: () => localStore.write(KEYS.protectWallet, 'true'),
  telegramBannerClosed: () => localStore.read(KEYS.telegramBanner) === 'true',
  saveTelegramBannerClosed: () => localStore.write(KEYS.telegramBanner, 'true'),
};
