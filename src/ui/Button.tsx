import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';
import * as css from './Button.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof css.variant;
  busy?: boolean;
};

/** A busy button is disabled and says so to assistive tech, so double taps cannot resubmit. */
export function Button({ variant = 'primary', busy = false, disabled, children, type = 'button', ...rest }: Props) {
  return (
    <button
      type={type}
      className={css.variant[variant]}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size={20} decorative /> : null}
      {children}
    </button>
  );
}
