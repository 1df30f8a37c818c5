import type { Platform } from './types';

export const webPlatform: Platform = {
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
};
