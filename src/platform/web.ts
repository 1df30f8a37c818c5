import type { StartPlatform } from './types';

/** A browser tab; its clipboard, sharing and (absent) biometrics load with the signed-in part (webDevice.ts). */
export const webPlatform: StartPlatform = {
  isTelegram: false,
  initData: null,
  languageCode: null,
  openLink(url) {
    // mailto: in a new tab leaves an empty tab behind in most browsers.
    if (url.startsWith('mailto:')) window.location.href = url;
    else window.open(url, '_blank', 'noopener,noreferrer');
  },
  expand() {},
  syncColors() {},
  nativeQr: null,
  haptic() {},
  // The page keeps its own back control and primary button.
  controls: null,
};
