import { localStore, readStringList } from './webStorage';

/** Spec §9 local-storage keys owned by the wallet screens (Home and manage assets, spec §3). */
const KEYS = {
  disabledAssets: 'disabledAssets',
  protectWallet: 'isProtectWalletShown',
  telegramBanner: 'isTelegramBannerClosed',
  /** Per user (the identity provider's subject): whether GET /user/auth last said the messenger is linked. */
  telegramLinked: (user: string) => `tgLinked:${user}`,
  /** Per user: the Telegram messages offer (issue 24) was answered, either way. */
  botOfferAnswered: (user: string) => `botOfferAnswered:${user}`,
} as const;

export const homeStore = {
  /** Held coins the user hid on home (manage assets). */
  disabledAssets: (): string[] => readStringList(localStore, KEYS.disabledAssets),
  saveDisabledAssets: (currencies: readonly string[]) =>
    localStore.write(KEYS.disabledAssets, JSON.stringify(currencies)),
  protectWalletShown: () => localStore.read(KEYS.protectWallet) === 'true',
  saveProtectWalletShown: () => localStore.write(KEYS.protectWallet, 'true'),
  telegramBannerClosed: () => localStore.read(KEYS.telegramBanner) === 'true',
  saveTelegramBannerClosed: () => localStore.write(KEYS.telegramBanner, 'true'),
  /** The user's messenger link as last known on this device; null when never known. */
  telegramLinked(user: string): boolean | null {
    const stored = localStore.read(KEYS.telegramLinked(user));
    return stored === 'true' ? true : stored === 'false' ? false : null;
  },
  saveTelegramLinked: (user: string, linked: boolean) => localStore.write(KEYS.telegramLinked(user), String(linked)),
  botOfferAnswered: (user: string) => localStore.read(KEYS.botOfferAnswered(user)) === 'true',
  saveBotOfferAnswered: (user: string) => localStore.write(KEYS.botOfferAnswered(user), 'true'),
};
