import { qrScanner, readTextFromClipboard } from '@telegram-apps/sdk';
import type { NativeQrScanner } from './types';

/**
 * Telegram's native QR popup (guide §5), offered on phones only (`ios`, `android`): desktop clients
 * have no camera popup, and the browser's camera overlay works there.
 */
export function createTelegramQr(os: string): NativeQrScanner | null {
  if (os !== 'ios' && os !== 'android') return null;
  if (!qrScanner.open.isAvailable()) return null;
  return {
    // The first code ends the popup; closing it resolves undefined.
    scan: async (text) => (await qrScanner.open({ text })) ?? null,
    close: () => qrScanner.close.ifAvailable(),
  };
}

/** The messenger's clipboard (6.4+), else the browser's; null from Telegram means "no text or no access". */
export async function readTelegramClipboard(): Promise<string> {
  if (readTextFromClipboard.isAvailable()) {
    const text = await readTextFromClipboard();
    if (text !== null) return text;
  }
  if (!navigator.clipboard?.readText) throw new Error('Clipboard unavailable');
  return navigator.clipboard.readText();
}
