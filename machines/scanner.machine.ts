import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { addressFromQr } from './shared/addressPatterns';
import { output } from './shared/output';

/**
 * The shared QR scanner overlay (spec §2). The `scan` actor is the source of codes: the camera
 * (qr-scanner; preferred facing with minimum widths 1024, then 768, then any) or, inside Telegram on
 * a phone, the messenger's native QR popup (`native`: the overlay then shows no preview). It ends with
 * the scanned address (a leading "ethereum:" and similar URI parts removed), closes on a failure with
 * the spec §8 message, or when the user closes it.
 */
export type ScanErrorKind = 'noCamera' | 'unsupportedImage' | 'imageLoad' | 'noQr';
export type ScanError = { kind: ScanErrorKind };

export type ScannerInput = { native: boolean };

export type ScannerEvent =
  | { type: 'qr.decoded'; value: string }
  | { type: 'camera.failed'; error: unknown }
  | { type: 'image.chosen'; file: Blob }
  /** The user closed the overlay (or Telegram's popup). */
  | { type: 'scanner.closed' };

export type ScannerContext = { native: boolean; value: string | null; text: string | null; error: ScanError | null };

/**
 * What the parent gets: the address, or null when the scanner closed without one, and the decoded text
 * as it was (a payment URI's amount, issue 25: machines/shared/paymentUri.ts).
 */
export type ScannerOutput = { value: string | null; text?: string | null };

/** qr-scanner's own failure strings (and getUserMedia's refusals) as data. */
export function toScanError(error: unknown): ScanError {
  const text = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message;
  const message = typeof text === 'string' ? text : '';
  if (/unsupported image/i.test(message)) return { kind: 'unsupportedImage' };
  if (/image load/i.test(message)) return { kind: 'imageLoad' };
  if (/no qr code/i.test(message)) return { kind: 'noQr' };
  return { kind: 'noCamera' };
}

/** The address in what was decoded (a QR code's text from the camera, the popup or a picture). */
const decodedValue = (text: string) => addressFromQr(String(text ?? ''));
/** The text of a `qr.decoded` event, as params of `hasAddress` and `keepValue`. */
const decodedText = ({ event }: { event: ScannerEvent }) => (event.type === 'qr.decoded' ? event.value : '');

export const scannerMachine = setup({
  types: {
    context: {} as ScannerContext,
    events: {} as ScannerEvent,
    input: {} as ScannerInput,
    output: {} as ScannerOutput,
    tags: {} as 'camera' | 'busy',
  },
  actors: {
    /** Camera preview on the overlay's video, or Telegram's popup: sends `qr.decoded`, `camera.failed` or `scanner.closed`. */
    scan: fromCallback<ScannerEvent, { native: boolean }>(() => {
      throw new Error('scan not provided');
    }),
    /** Decodes a chosen picture (QrScanner.scanImage). */
    scanImage: fromPromise<string, { file: Blob | null }>(async () => {
      throw new Error('scanImage not provided');
    }),
  },
  guards: {
    hasAddress: (_, text: string) => decodedValue(text) !== '',
    camera: ({ context }) => !context.native,
  },
  actions: {
    keepValue: assign((_, text: string) => ({
      value: decodedValue(text),
      text: String(text ?? '').trim(),
      error: null,
    })),
    keepError: assign({ error: ({ event }) => toScanError((event as { error?: unknown }).error) }),
    noQr: assign({ error: { kind: 'noQr' } as ScanError }),
    notifyScanned: () => {},
    notifyFailed: (_, _params: { error: ScanError }) => {},
  },
}).createMachine({
  id: 'scanner',
  context: ({ input }) => ({ native: input.native, value: null, text: null, error: null }),
  initial: 'scanning',
  states: {
    scanning: {
      tags: 'camera',
      invoke: { id: 'scan', src: 'scan', input: ({ context }) => ({ native: context.native }) },
      on: {
        'qr.decoded': [
          {
            guard: { type: 'hasAddress', params: decodedText },
            target: 'scanned',
            actions: { type: 'keepValue', params: decodedText },
          },
          { target: 'failed', actions: 'noQr' },
        ],
        'camera.failed': { target: 'failed', actions: 'keepError' },
        'image.chosen': { guard: 'camera', target: 'decodingImage' },
        'scanner.closed': 'cancelled',
      },
    },
    decodingImage: {
      tags: 'busy',
      description: 'A picture of a QR code chosen instead of the camera.',
      invoke: {
        id: 'scanImage',
        src: 'scanImage',
        input: ({ event }) => ({ file: event.type === 'image.chosen' ? event.file : null }),
        onDone: [
          {
            guard: { type: 'hasAddress', params: output },
            target: 'scanned',
            actions: { type: 'keepValue', params: output },
          },
          { target: 'failed', actions: 'noQr' },
        ],
        onError: { target: 'failed', actions: 'keepError' },
      },
      on: { 'scanner.closed': 'cancelled' },
    },
    scanned: { type: 'final', entry: 'notifyScanned' },
    failed: {
      type: 'final',
      entry: { type: 'notifyFailed', params: ({ context }) => ({ error: context.error ?? { kind: 'noCamera' } }) },
    },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ value: context.value, text: context.text }),
});
