import type { SnapshotFrom } from 'xstate';
import type { scannerMachine } from './scanner.machine';

type Snapshot = SnapshotFrom<typeof scannerMachine>;

/** The camera preview is on screen (not Telegram's popup, not finished). */
export const selectCameraOn = (s: Snapshot) => s.hasTag('camera') && !s.context.native;
/** Telegram's popup is open over the app. */
export const selectNativeOpen = (s: Snapshot) => s.hasTag('camera') && s.context.native;
export const selectDecodingImage = (s: Snapshot) => s.hasTag('busy');
export const selectScanError = (s: Snapshot) => s.context.error;
export const selectScannedValue = (s: Snapshot) => s.context.value;
