import type { Platform } from './types';
import { webPlatform } from './web';

export type { Biometrics, BiometryStatus, HapticKind, NativeQrScanner, Platform, ShareOutcome } from './types';

let current: Platform = webPlatform;

/** Called once by main.tsx (or a test) before anything reads the platform. */
export function installPlatform(next: Platform): void {
  current = next;
}

/**
 * A stable object that delegates to the installed platform, so modules can import it at load time
 * even though the messenger SDK is only loaded (dynamically) once we know we are inside it.
 */
export const platform: Platform = {
  get isTelegram() {
    return current.isTelegram;
  },
  get initData() {
    return current.initData;
  },
  get languageCode() {
    return current.languageCode;
  },
  openLink: (url) => current.openLink(url),
  expand: () => current.expand(),
  syncColors: (colors) => current.syncColors(colors),
  copyText: (text) => current.copyText(text),
  share: (data) => current.share(data),
  readText: () => current.readText(),
  get nativeQr() {
    return current.nativeQr;
  },
  haptic: (kind) => current.haptic(kind),
  get biometrics() {
    return current.biometrics;
  },
};
