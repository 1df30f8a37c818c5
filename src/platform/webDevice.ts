import type { Biometrics, DeviceFeatures } from './types';

/** A browser has no biometry manager: the toggle is never shown (spec §4). */
export const noBiometrics: Biometrics = {
  status: async () => null,
  requestAccess: async () => false,
  updateToken: async () => {},
  authenticate: async () => null,
  openSettings() {},
};

/**
 * A browser's clipboard, share sheet and (absent) biometrics: only signed-in screens use them, so they load
 * with the signed-in part (src/app/liveSignedIn.ts), which is there before any signed-in screen renders.
 * Nothing is imported between a tap and the clipboard or share call: the browser's user activation holds.
 */
export const webDevice: DeviceFeatures = {
  async copyText(text) {
    try {
      if (navigator.clipboard?.writeText) return await navigator.clipboard.writeText(text);
    } catch {
      // Denied or an insecure origin: try the selection fallback below.
    }
    if (!copyWithSelection(text)) throw new Error('Clipboard unavailable');
  },
  async readText() {
    if (!navigator.clipboard?.readText) throw new Error('Clipboard unavailable');
    return navigator.clipboard.readText();
  },
  biometrics: noBiometrics,
  async share({ text, url }) {
    const data: ShareData = url ? { text, url } : { text };
    if (typeof navigator.share !== 'function' || (navigator.canShare && !navigator.canShare(data)))
      return 'unavailable';
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      // The user closed the sheet: nothing to report.
      if ((error as Error)?.name === 'AbortError') return 'cancelled';
      throw error;
    }
  },
};

/** Older WebViews without the async clipboard: copy through a hidden, selected textarea. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
