import { useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { passcodeKeypadMachine } from '../../machines/passcodeKeypad.machine';
import { selectCanDelete, selectDigitCount, selectKeypadEditable } from '../../machines/passcodeKeypad.selectors';
import { PASSCODE_LENGTH } from '../../machines/shared/passcode';
import * as css from './PinPad.css';
import { srOnly } from './Skeleton.css';

export type KeypadActor = ActorRefFrom<typeof passcodeKeypadMachine>;

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

const BackspaceIcon = () => (
  <svg
    width={28}
    height={28}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
  >
    <path d="M21 5H9l-6 7 6 7h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1zM17 9l-6 6M11 9l6 6" />
  </svg>
);

/** Typing into a field keeps its keys: the keypad listens only when focus is not in an editable element. */
function typingElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Digits and Backspace from a physical keyboard, anywhere on the screen, while the keypad takes input. */
function useKeyboard(keypad: KeypadActor | undefined, editable: boolean, canDelete: boolean) {
  useEffect(() => {
    if (!keypad || (!editable && !canDelete)) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingElsewhere(e.target)) return;
      if (editable && /^\d$/.test(e.key)) keypad.send({ type: 'digit.pressed', digit: e.key });
      else if (canDelete && e.key === 'Backspace') keypad.send({ type: 'backspace.pressed' });
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [keypad, editable, canDelete]);
}

/**
 * The passcode keypad (spec §1: 3 columns): 4 dots, digits 1-9 and 0, backspace. It renders the
 * keypad machine; without one (locked, blocked, busy) every key is disabled and the dots are empty
 * or, while `busy`, stay filled. Buttons are named by their digit and "Delete last digit". Digits and
 * Backspace also work from a keyboard; a polite live region tells screen readers how many are entered.
 * It sits at the bottom of its screen, in the thumb's reach; `extraKey` takes the free cell left of 0
 * (the biometric key, as on the peers' keypads).
 */
export function PinPad({
  keypad,
  disabled = false,
  label,
  extraKey,
}: {
  keypad: KeypadActor | undefined;
  disabled?: boolean;
  label: string;
  extraKey?: ReactNode;
}) {
  const { t } = useLingui();
  const count = useSelector(keypad, (s) => (s ? selectDigitCount(s) : 0));
  const editable = useSelector(keypad, (s) => (s ? selectKeypadEditable(s) : false)) && !disabled;
  const canDelete = useSelector(keypad, (s) => (s ? selectCanDelete(s) : false)) && !disabled;
  const press = (digit: string) => keypad?.send({ type: 'digit.pressed', digit });
  useKeyboard(keypad, editable, canDelete);
  const entered = t`${count} of ${PASSCODE_LENGTH} digits entered`;
  return (
    <div className={css.pad} role="group" aria-label={label}>
      <span className={srOnly} aria-live="polite" data-testid="pin-announce">
        {count > 0 ? entered : ''}
      </span>
      <div className={css.dots} role="img" aria-label={entered} data-testid="pin-dots">
        {Array.from({ length: PASSCODE_LENGTH }, (_, i) => (
          <span key={i} className={css.dot} data-filled={i < count} />
        ))}
      </div>
      <div className={css.grid}>
        {KEYS.map((digit) => (
          <button key={digit} type="button" className={css.key} disabled={!editable} onClick={() => press(digit)}>
            {digit}
          </button>
        ))}
        {extraKey ?? <span />}
        <button type="button" className={css.key} disabled={!editable} onClick={() => press('0')}>
          0
        </button>
        <button
          type="button"
          className={css.key}
          disabled={!canDelete}
          aria-label={t`Delete last digit`}
          onClick={() => keypad?.send({ type: 'backspace.pressed' })}
        >
          <BackspaceIcon />
        </button>
      </div>
    </div>
  );
}

/** A key of the pad's own shape for `extraKey` (e.g. the biometric key), named by its label. */
export function PinPadKey({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={css.key} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}
