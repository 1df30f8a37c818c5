/**
 * The QR scanner overlay (spec §2, §8), driven from the production scanner machine with a fake code
 * source standing in for qr-scanner (or Telegram's popup): codes, failures with the spec's messages,
 * a chosen picture, and closing.
 */
import { act, screen } from '@testing-library/react';
import { createActor, fromCallback, type AnyActorRef } from 'xstate';
import { scannerMachine, type ScanError, type ScannerEvent } from '../../machines/scanner.machine';
import { ScannerOverlay } from '../../src/features/scanner/ScannerOverlay';
import { scanErrorMessages } from '../../src/features/scanner/messages';
import { describeModel, type MountTools } from '../support/mbt';
import { renderWithProviders } from '../support/render';
import { says } from '../support/dom';

const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const texts: Record<ScanError['kind'], string> = {
  noCamera: 'Camera not found.',
  unsupportedImage: 'Unsupported image type.',
  imageLoad: 'Image load error',
  noQr: 'No QR code found',
};

function mountScanner(native: boolean) {
  return async ({ fakes }: Pick<MountTools, 'fakes'>) => {
    const notes: string[] = [];
    const source = { sendBack: null as null | ((e: ScannerEvent) => void), inputs: [] as unknown[], stopped: 0 };
    const actor = createActor(
      scannerMachine.provide({
        actors: {
          scan: fromCallback<ScannerEvent, { native: boolean }>(({ sendBack, input }) => {
            source.sendBack = sendBack;
            source.inputs.push(input);
            return () => void (source.stopped += 1);
          }),
          scanImage: fakes.promise<string, { file: Blob | null }>('scanImage'),
        },
        actions: {
          notifyScanned: () => void notes.push('scanned'),
          notifyFailed: (_, { error }) => void notes.push(`failed:${error.kind}`),
        },
      }),
      { input: { native } },
    ).start();
    const video = {
      attached: [] as Array<HTMLVideoElement | null>,
      attach(el: HTMLVideoElement | null) {
        this.attached.push(el);
      },
    };
    renderWithProviders(<ScannerOverlay actor={actor} video={video} />);
    return { actor: actor as AnyActorRef, notes, source, video };
  };
}

type H = Awaited<ReturnType<ReturnType<typeof mountScanner>>>;
const fromSource = (event: ScannerEvent, h: H) => act(async () => h.source.sendBack!(event));
const ended = (h: H) => {
  expect(screen.queryByTestId('scanner-overlay')).toBeNull();
  expect(h.source.stopped).toBe(1);
};

describeModel('scanner', {
  machine: scannerMachine,
  input: { native: false },
  events: {
    scanning: [
      { type: 'qr.decoded', value: `ethereum:${ETH}` },
      { type: 'qr.decoded', value: 'ethereum:' },
      { type: 'camera.failed', error: 'Camera not found.' },
      { type: 'camera.failed', error: { name: 'NotAllowedError', message: 'Permission denied' } },
      { type: 'image.chosen', file: { name: 'qr.png' } as unknown as Blob },
      { type: 'scanner.closed' },
    ],
    decodingImage: [
      { type: 'xstate.done.actor.scanImage', output: `bitcoin:${BTC}?amount=0.1` },
      { type: 'xstate.done.actor.scanImage', output: '' },
      { type: 'xstate.error.actor.scanImage', error: new Error('Unsupported image type.') },
      { type: 'xstate.error.actor.scanImage', error: 'Image load error' },
      { type: 'xstate.error.actor.scanImage', error: 'No QR code found' },
      { type: 'scanner.closed' },
    ],
  },
  // Closing from the camera and from a picture end in the same snapshot: a path per transition keeps both.
  generator: 'transitions',
  mount: mountScanner(false),
  drive: {
    'qr.decoded': (e, h) => fromSource(e, h),
    'camera.failed': (e, h) => fromSource(e, h),
    'scanner.closed': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Close' })),
    'image.chosen': (_e, h) =>
      h.user.upload(screen.getByLabelText('Choose a picture'), new File(['x'], 'qr.png', { type: 'image/png' })),
  },
  states: {
    scanning: (h) => {
      const overlay = screen.getByRole('dialog', { name: 'Scan a QR code' });
      expect(overlay.getAttribute('data-testid')).toBe('scanner-overlay');
      const video = screen.getByTestId('scanner-video') as HTMLVideoElement;
      expect(h.video.attached.at(-1)).toBe(video);
      expect(h.source.inputs).toEqual([{ native: false }]);
      expect(h.notes).toEqual([]);
    },
    decodingImage: (h) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Reading the picture']);
      expect((screen.getByLabelText('Choose a picture') as HTMLInputElement).disabled).toBe(true);
      expect((h.fakes.calls('scanImage').at(-1) as { file: File }).file.name).toBe('qr.png');
      // The camera is off while a picture is read.
      expect(h.source.stopped).toBe(1);
    },
    scanned: (h, s) => {
      ended(h);
      expect(h.notes).toEqual(['scanned']);
      // The URI scheme and query are gone: only the address is left.
      expect([ETH, BTC]).toContain(s.context.value);
      // The text as decoded travels too: a payment URI's amount is the parent's to read (issue 25).
      expect(s.output).toEqual({ value: s.context.value, text: s.context.text });
      expect(s.context.text).toMatch(/^(?:ethereum|bitcoin):/);
    },
    failed: (h, s) => {
      ended(h);
      const kind = (s.context.error as ScanError).kind;
      expect(h.notes).toEqual([`failed:${kind}`]);
      expect(scanErrorMessages[kind].message).toBe(texts[kind]);
      expect(s.output).toEqual({ value: null, text: null });
    },
    cancelled: (h, s) => {
      ended(h);
      expect(h.notes).toEqual([]);
      expect(s.output).toEqual({ value: null, text: null });
    },
  },
});

/** Inside Telegram on a phone the popup is the code source: no overlay, no picture choice. */
describe('scanner in Telegram (native popup)', () => {
  const fakes = { promise: () => fromCallback(() => {}) } as unknown as MountTools['fakes'];
  const start = async () => {
    const h = await mountScanner(true)({ fakes });
    expect(screen.queryByTestId('scanner-overlay')).toBeNull();
    expect(screen.queryByTestId('scanner-video')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Scanning with Telegram…');
    expect(h.source.inputs).toEqual([{ native: true }]);
    return h;
  };

  it('a code from the popup is the address, with the scanned toast', async () => {
    const h = await start();
    await act(async () => h.source.sendBack!({ type: 'qr.decoded', value: `ethereum:${ETH}` }));
    expect(h.actor.getSnapshot().output).toEqual({ value: ETH, text: `ethereum:${ETH}` });
    expect(h.notes).toEqual(['scanned']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closing the popup ends quietly; a failure says why', async () => {
    const closed = await start();
    await act(async () => closed.source.sendBack!({ type: 'scanner.closed' }));
    expect(closed.actor.getSnapshot().value).toBe('cancelled');
    expect(closed.notes).toEqual([]);
  });

  it('a failing popup closes with the camera message', async () => {
    const h = await start();
    h.actor.send({ type: 'image.chosen', file: new Blob() });
    expect(h.actor.getSnapshot().value).toBe('scanning');
    await act(async () => h.source.sendBack!({ type: 'camera.failed', error: new Error('Camera not found.') }));
    expect(h.notes).toEqual(['failed:noCamera']);
  });
});

describe('camera constraints (spec §2, §9)', () => {
  it('tries the back camera at 1024, then 768, then any width; all refused is "Camera not found."', async () => {
    const { CAMERA_CONSTRAINTS, openCameraStream } = await import('../../src/features/scanner/camera');
    const asked: MediaStreamConstraints[] = [];
    const stream = {} as MediaStream;
    const refuse1024 = async (c: MediaStreamConstraints) => {
      asked.push(c);
      if ((c.video as MediaTrackConstraints).width) throw new DOMException('too wide', 'OverconstrainedError');
      return stream;
    };
    expect(await openCameraStream(refuse1024)).toBe(stream);
    expect(asked.map((c) => c.video)).toEqual([
      { facingMode: { ideal: 'environment' }, width: { min: 1024 } },
      { facingMode: { ideal: 'environment' }, width: { min: 768 } },
      { facingMode: { ideal: 'environment' } },
    ]);
    expect(CAMERA_CONSTRAINTS).toHaveLength(3);
    await expect(
      openCameraStream(async () => {
        throw new DOMException('no', 'NotFoundError');
      }),
    ).rejects.toThrow('Camera not found.');
  });
});
