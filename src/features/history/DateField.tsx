import { useId, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../i18n';
import { formatDay, parseDay } from './days';
import * as css from './history.css';

type Props = {
  id: string;
  label: string;
  /** The chosen day as the URL holds it (yyyy-mm-dd), or undefined for none. */
  value: string | undefined;
  locale: Locale;
  /** A day typed and left (blur or Enter): its yyyy-mm-dd, or undefined when the field was emptied. */
  onCommit: (day: string | undefined) => void;
};

/**
 * A day typed in the app's language (issue 22: `<input type="date">` follows the browser's locale and
 * read mm/dd/yyyy in a Russian session): dd.mm.yyyy in Russian, dd/mm/yyyy in English, like the
 * history's day headings. A plain text field, so keyboard and screen readers use it as any other; the
 * format is its description, a day that does not exist is said under it and changes no filter. What is
 * being typed stays here until it is left; the filter itself lives in the URL. The parent re-keys the
 * field when the URL's day changes, so Clear filters empties it.
 */
export function DateField({ id, label, value, locale, onCommit }: Props) {
  const { t } = useLingui();
  const [text, setText] = useState(() => (value ? formatDay(value, locale) : ''));
  const [invalid, setInvalid] = useState(false);
  const hintId = `${useId()}-hint`;
  const errorId = `${id}-error`;
  const pattern = locale === 'ru' ? t`dd.mm.yyyy` : 'dd/mm/yyyy';
  const commit = () => {
    const trimmed = text.trim();
    if (trimmed === '') {
      setInvalid(false);
      if (value !== undefined) onCommit(undefined);
      return;
    }
    const day = parseDay(trimmed);
    setInvalid(day === null);
    if (day === null) return;
    setText(formatDay(day, locale));
    if (day !== value) onCommit(day);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter sets this day only (the surrounding search form would also resubmit the address filter).
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    }
  };
  return (
    <>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={10}
        placeholder={pattern}
        className={css.control}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <span id={hintId} className={css.hint}>
        {pattern}
      </span>
      {invalid ? (
        <span id={errorId} className={css.error} role="alert">
          {t`Enter a date as ${pattern}.`}
        </span>
      ) : null}
    </>
  );
}
