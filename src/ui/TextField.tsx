import { useId, type InputHTMLAttributes } from 'react';
import { useLingui } from '@lingui/react/macro';
import { localAmount } from '../../machines/shared/decimalMark';
import * as css from './TextField.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
};

export function TextField({
  label,
  value,
  onValueChange,
  error,
  id,
  hideLabel = false,
  ...rest
}: Props & {
  /** The label is said by a heading beside the field (one visible label per thing); still its accessible name. */
  hideLabel?: boolean;
}) {
  const { i18n } = useLingui();
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={css.field}>
      <label className={hideLabel ? css.hiddenLabel : css.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={error ? `${css.box} ${css.invalid}` : css.box}>
        <input
          id={inputId}
          className={css.input}
          // An amount field (inputMode decimal) shows the language's decimal mark: the machines keep a point
          // (what the gateway gets) and read a typed comma as one, so in Russian "0,00001" stays as typed and
          // Max fills "0,49900215" (issue 22); send, swap, sell and buy get it from here.
          value={rest.inputMode === 'decimal' ? localAmount(value, i18n.locale) : value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
      </div>
      {error ? (
        <span id={errorId} className={css.hint} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** Password input with a show/hide toggle (spec §2); visibility is machine state, passed in. */
export function PasswordField({
  label,
  value,
  onValueChange,
  error,
  id,
  shown,
  onToggleShown,
  ...rest
}: Props & { shown: boolean; onToggleShown: () => void }) {
  const { t } = useLingui();
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={error ? `${css.box} ${css.invalid}` : css.box}>
        <input
          id={inputId}
          className={css.input}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
        <button
          type="button"
          className={css.toggle}
          aria-pressed={shown}
          aria-controls={inputId}
          onClick={onToggleShown}
        >
          {shown ? t`Hide` : t`Show`}
        </button>
      </div>
      {error ? (
        <span id={errorId} className={css.hint} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
