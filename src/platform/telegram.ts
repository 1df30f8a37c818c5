import {
  copyTextToClipboard,
  hapticFeedback,
  init,
  isTMA,
  miniApp,
  openLink,
  openTelegramLink,
  requestWriteAccess,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareURL,
  themeParams,
  viewport,
} from '@telegram-apps/sdk';
import type { HapticKind, HostTheme, Platform, WriteAccess } from './types';
import { createTelegramBiometrics } from './telegramBiometrics';
import { createTelegramQr, readTelegramClipboard } from './telegramQr';
import { createTelegramControls } from './telegramControls';

/**
 * The messenger host (guide §5). Loaded with a dynamic import only when the page looks like a
 * Mini App, so browser users never download the SDK. Returns null when the SDK disagrees.
 */
export async function createTelegramPlatform(): Promise<Platform | null> {
  if (!isTMA()) return null;
  init();
  const initData = retrieveRawInitData() ?? null;
  let languageCode: string | null = null;
  let startParam: string | null = null;
  let os = '';
  try {
    const launch = retrieveLaunchParams();
    os = launch.tgWebAppPlatform ?? '';
    languageCode = launch.tgWebAppData?.user?.language_code ?? null;
    // A web_app button (a bot message's, issue 24) opens its URL as given: the start value is in its query.
    startParam = launch.tgWebAppStartParam ?? new URLSearchParams(window.location.search).get('tgWebAppStartParam');
  } catch {
    // Launch params without a user (e.g. opened from an attachment menu): no language hint.
  }
  miniApp.mountSync.ifAvailable();
  miniApp.ready.ifAvailable();
  const viewportReady = mountViewport();
  // Spec §4 start-up: biometrics initialised if supported (iOS only; a hung init times out).
  const biometrics = createTelegramBiometrics(os === 'ios');
  void biometrics.status();
  // Theme params first: the main button takes its default colours from them.
  const hostTheme = createHostTheme();
  const controls = createTelegramControls();

  return {
    isTelegram: true,
    startParam,
    initData,
    languageCode,
    openLink(url) {
      if (/^https:\/\/t\.me\//.test(url)) openTelegramLink.ifAvailable(url);
      else if (url.startsWith('mailto:')) window.location.href = url;
      else openLink.ifAvailable(url);
    },
    expand() {
      void viewportReady.then(() => viewport.expand.ifAvailable());
    },
    syncColors({ background, header }) {
      miniApp.setBackgroundColor.ifAvailable(background as `#${string}`);
      miniApp.setHeaderColor.ifAvailable(header as `#${string}`);
    },
    // The SDK tries navigator.clipboard, then a selection copy (older clients).
    copyText: (text) => copyTextToClipboard(text),
    readText: readTelegramClipboard,
    // Guide §5: the native QR popup on phones, the camera overlay elsewhere.
    nativeQr: createTelegramQr(os),
    haptic: (kind: HapticKind) => {
      if (kind === 'tap') hapticFeedback.impactOccurred.ifAvailable('light');
      else hapticFeedback.notificationOccurred.ifAvailable(kind);
    },
    biometrics,
    controls,
    hostTheme,
    close: () => miniApp.close.ifAvailable(),
    requestWriteAccess: askWriteAccess,
    async share({ text, url }) {
      // Telegram's share-to-chat link: the URL (or, for plain text such as an address, the text) first.
      if (!shareURL.isAvailable()) return 'unavailable';
      shareURL(url ?? text, url ? text : undefined);
      return 'shared';
    },
  };
}

/** Telegram's own "allow the bot to message you?" (Mini Apps 6.9+); its answer as the app reads it. */
async function askWriteAccess(): Promise<WriteAccess> {
  if (!requestWriteAccess.isAvailable()) return 'unavailable';
  return (await requestWriteAccess()) === 'allowed' ? 'allowed' : 'denied';
}

/** Telegram's colour scheme from its theme params (launch params, then `theme_changed` events). */
function createHostTheme(): HostTheme | null {
  themeParams.mountSync.ifAvailable();
  if (!themeParams.isMounted()) return null;
  return {
    get dark() {
      return themeParams.isDark();
    },
    onChange(listener) {
      themeParams.isDark.sub((dark) => listener(dark));
    },
  };
}

/** Best effort: safe-area insets become CSS variables (--tg-viewport-*) for the layout. */
async function mountViewport(): Promise<void> {
  try {
    if (!viewport.mount.isAvailable()) return;
    await viewport.mount();
    viewport.bindCssVars.ifAvailable();
    applySafeArea();
    // Full-screen, rotation and the keyboard change the insets while the app runs.
    viewport.safeAreaInsets.sub(applySafeArea);
    viewport.contentSafeAreaInsets.sub(applySafeArea);
  } catch {
    // An old client without viewport events: keep the default layout.
  }
}

function applySafeArea(): void {
  const style = document.documentElement.style;
  const set = (name: string, px: number | undefined) => style.setProperty(name, `${px ?? 0}px`);
  const insets = viewport.safeAreaInsets();
  const content = viewport.contentSafeAreaInsets();
  set('--safe-top', (insets?.top ?? 0) + (content?.top ?? 0));
  set('--safe-bottom', (insets?.bottom ?? 0) + (content?.bottom ?? 0));
  set('--safe-left', insets?.left);
  set('--safe-right', insets?.right);
}
