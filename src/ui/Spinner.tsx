import { useLingui } from '@lingui/react/macro';
import * as css from './Spinner.css';

/** A decorative spinner (inside a busy button, which already says aria-busy) is hidden from screen readers. */
export function Spinner({
  size = 24,
  label,
  decorative = false,
}: {
  size?: number;
  label?: string;
  decorative?: boolean;
}) {
  const { t } = useLingui();
  if (decorative) return <span aria-hidden="true" className={css.spinner} style={{ width: size, height: size }} />;
  return (
    <span
      role="status"
      aria-label={label ?? t`Loading`}
      className={css.spinner}
      style={{ width: size, height: size }}
      data-size={size}
    />
  );
}

/** Full-screen spinner shown while authentication resolves (spec §2: size 64). */
export function RootSpinner() {
  return (
    <div className={css.centered}>
      <Spinner size={64} />
    </div>
  );
}
