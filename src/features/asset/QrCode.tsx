import { useEffect, useRef } from 'react';
import QRCodeStyling from 'qr-code-styling';
import * as css from './asset.css';

/**
 * Presentation only: draws `value` as an SVG QR code into a div. Dark modules on white in both
 * themes, so every scanner reads it; the address itself is the accessible label.
 */
export function QrCode({ value, label, testId = 'receive-qr' }: { value: string; label: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const qr = new QRCodeStyling({
      type: 'svg',
      width: 224,
      height: 224,
      margin: 0,
      data: value,
      qrOptions: { errorCorrectionLevel: 'M' },
      dotsOptions: { type: 'rounded', color: '#202025' },
      cornersSquareOptions: { type: 'extra-rounded', color: '#202025' },
      backgroundOptions: { color: '#FFFFFF' },
    });
    el.replaceChildren();
    qr.append(el);
    return () => el.replaceChildren();
  }, [value]);
  return <div ref={ref} role="img" aria-label={label} className={css.qr} data-testid={testId} data-value={value} />;
}
