import type QrScanner from 'qr-scanner';
import type { ScannerEvent } from '../../../machines/scanner.machine';

/** Spec §2/§9: the preferred (back) camera with minimum widths 1024, then 768, then any. */
export const CAMERA_CONSTRAINTS: readonly MediaTrackConstraints[] = [
  { facingMode: { ideal: 'environment' }, width: { min: 1024 } },
  { facingMode: { ideal: 'environment' }, width: { min: 768 } },
  { facingMode: { ideal: 'environment' } },
];

type GetUserMedia = (constraints: MediaStreamConstraints) => Promise<MediaStream>;

/** Tries each constraint in order; qr-scanner's own message when none gives a stream. */
export async function openCameraStream(getUserMedia?: GetUserMedia): Promise<MediaStream> {
  const get =
    getUserMedia ??
    (navigator.mediaDevices?.getUserMedia
      ? (c: MediaStreamConstraints) => navigator.mediaDevices.getUserMedia(c)
      : null);
  if (!get) throw new Error('Camera not found.');
  for (const video of CAMERA_CONSTRAINTS) {
    try {
      return await get({ video, audio: false });
    } catch {
      // Too demanding for this camera (or refused): try the next, looser constraint.
    }
  }
  throw new Error('Camera not found.');
}

export const stopStream = (stream: MediaStream | null | undefined) => stream?.getTracks().forEach((t) => t.stop());

/** The overlay's <video>: the overlay attaches it on mount, the camera actor waits for it. */
export function createVideoSlot() {
  let current: HTMLVideoElement | null = null;
  let waiters: Array<(video: HTMLVideoElement) => void> = [];
  return {
    attach(video: HTMLVideoElement | null) {
      current = video;
      if (video) {
        waiters.forEach((w) => w(video));
        waiters = [];
      }
    },
    next(): Promise<HTMLVideoElement> {
      return current ? Promise.resolve(current) : new Promise((resolve) => waiters.push(resolve));
    },
  };
}

export const videoSlot = createVideoSlot();

/** A centred square, two thirds of the shorter side: what the overlay's frame shows. */
export function scanRegion(video: HTMLVideoElement): QrScanner.ScanRegion {
  const side = Math.round((2 / 3) * Math.min(video.videoWidth, video.videoHeight));
  return {
    x: Math.round((video.videoWidth - side) / 2),
    y: Math.round((video.videoHeight - side) / 2),
    width: side,
    height: side,
    downScaledWidth: Math.min(side, 400),
    downScaledHeight: Math.min(side, 400),
  };
}

/**
 * Runs qr-scanner on the overlay's video with our own stream (constraints above); sends each decoded
 * text back, or the failure. The returned function stops the camera.
 */
export function runCamera(sendBack: (event: ScannerEvent) => void, slot = videoSlot): () => void {
  let stopped = false;
  let scanner: QrScanner | null = null;
  let stream: MediaStream | null = null;
  (async () => {
    const video = await slot.next();
    if (stopped) return;
    stream = await openCameraStream();
    if (stopped) return stopStream(stream);
    const { default: Scanner } = await import('qr-scanner');
    if (stopped) return stopStream(stream);
    // The video must not play before the scanner listens: qr-scanner starts its scan loop on the video's
    // `play` event, and start() on a video that already plays fires none, so nothing was ever decoded when
    // the stream started before qr-scanner had loaded (the send journey's scan that never filled the
    // address). No autoPlay on the overlay's <video>; start() plays it once the scanner is attached.
    video.srcObject = stream;
    scanner = new Scanner(video, (result) => sendBack({ type: 'qr.decoded', value: result.data }), {
      returnDetailedScanResult: true,
      preferredCamera: 'environment',
      calculateScanRegion: scanRegion,
      maxScansPerSecond: 10,
      // "No QR code found" on every frame without a code is not a failure while the camera runs.
      onDecodeError: () => {},
    });
    await scanner.start();
  })().catch((error: unknown) => {
    if (!stopped) sendBack({ type: 'camera.failed', error });
  });
  return () => {
    stopped = true;
    scanner?.destroy();
    stopStream(stream);
  };
}
