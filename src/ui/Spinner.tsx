import { useLingui } from '@lingui/react/macro';
import * as css from './Spinner.css';

export function Spinner({ size = 24, label }: { size?: number; label?: string }) {
  const { t } = useLingui();
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
