import { fromCallback, fromPromise } from 'xstate';
import { scannerMachine, type ScanError, type ScannerEvent } from '../../../machines/scanner.machine';
import type { StartPlatform } from '../../platform/types';
import { runCamera } from './camera';

export type ScannerEffects = { scanned(): void; failed(error: ScanError): void; popupTitle: string };

/** The scanner with its real sources: Telegram's popup when `native`, else the camera overlay. */
export function createScannerLogic(platform: StartPlatform, effects: ScannerEffects) {
  return scannerMachine.provide({
    actors: {
      scan: fromCallback<ScannerEvent, { native: boolean }>(({ sendBack, input }) => {
        const popup = platform.nativeQr;
        if (!input.native || !popup) return runCamera(sendBack);
        let open = true;
        popup.scan(effects.popupTitle).then(
          (value) => {
            open = false;
            sendBack(value ? { type: 'qr.decoded', value } : { type: 'scanner.closed' });
          },
          (error: unknown) => {
            open = false;
            sendBack({ type: 'camera.failed', error });
          },
        );
        return () => {
          if (open) popup.close();
        };
      }),
      scanImage: fromPromise<string, { file: Blob | null }>(async ({ input }) => {
        if (!input.file) throw new Error('Image load error');
        const { default: QrScanner } = await import('qr-scanner');
        return (await QrScanner.scanImage(input.file, { returnDetailedScanResult: true })).data;
      }),
    },
    actions: {
      notifyScanned: () => effects.scanned(),
      notifyFailed: (_, params) => effects.failed(params.error),
    },
  });
}
