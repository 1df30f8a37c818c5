import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { scannerMachine } from '../../../machines/scanner.machine';
import { selectCameraOn, selectDecodingImage, selectNativeOpen } from '../../../machines/scanner.selectors';
import { Spinner } from '../../ui/Spinner';
import { videoSlot } from './camera';
import * as css from './scanner.css';

export type ScannerActor = ActorRefFrom<typeof scannerMachine>;

/**
 * The shared QR scanner overlay (spec §2): the camera preview with a frame, a picture instead of the
 * camera, and Close. Inside Telegram on a phone the messenger's own popup is open instead, and this
 * renders nothing but a status. Renders machine state only.
 */
export function ScannerOverlay({
  actor,
  video = videoSlot,
}: {
  actor: ScannerActor;
  video?: { attach(el: HTMLVideoElement | null): void };
}) {
  const { t } = useLingui();
  const cameraOn = useSelector(actor, selectCameraOn);
  const nativeOpen = useSelector(actor, selectNativeOpen);
  const decoding = useSelector(actor, selectDecodingImage);
  const close = () => actor.send({ type: 'scanner.closed' });

  if (nativeOpen)
    return (
      <p role="status" className={css.hiddenInput}>
        <Trans>Scanning with Telegram…</Trans>
      </p>
    );
  if (!cameraOn && !decoding) return null;
  return (
    <div
      className={css.overlay}
      role="dialog"
      aria-modal="true"
      aria-label={t`Scan a QR code`}
      data-testid="scanner-overlay"
    >
      <p className={css.hint}>
        <Trans>Point the camera at the QR code of an address</Trans>
      </p>
      <video ref={(el) => video.attach(el)} className={css.video} data-testid="scanner-video" muted playsInline />
      <span className={css.frame} aria-hidden="true" />
      {decoding ? <Spinner size={32} label={t`Reading the picture`} /> : null}
      <div className={css.bar}>
        <label className={css.control}>
          <Trans>Choose a picture</Trans>
          <input
            type="file"
            accept="image/*"
            className={css.hiddenInput}
            disabled={decoding}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) actor.send({ type: 'image.chosen', file });
            }}
          />
        </label>
        <button type="button" className={css.control} onClick={close}>
          <Trans>Close</Trans>
        </button>
      </div>
    </div>
  );
}
