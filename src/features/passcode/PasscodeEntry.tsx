import type { ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { passcodeKeypadMachine } from '../../../machines/passcodeKeypad.machine';
import { attemptsWarning, type PasscodeError } from '../../../machines/shared/passcode';
import { ScanFace } from 'lucide-react';
import { PinPad, PinPadKey } from '../../ui/PinPad';
import { Screen, type Back } from '../../ui/Screen';
import { Spinner } from '../../ui/Spinner';
import * as shell from '../shell/AppShell.css';
import { passcodeErrorText, passcodeMessages } from './messages';
import * as css from './passcode.css';
import { RecoveryOffer } from './RecoveryOffer';
import { ResetHoldNotice } from './ResetHoldNotice';

/**
 * The passcode screen as the verify and confirm steps share it (spec §4): the keypad, the
 * wrong-code message with the tries left once two are left, the live lockout countdown (B2C_USM0030),
 * the block explanation (B2C_USM0032) and, when offered, "Use biometrics". Renders what it is given.
 */
export function PasscodeEntry({
  title,
  back,
  secondary,
  keypad,
  error,
  busy,
  locked,
  blocked,
  timer,
  biometrics,
  onBiometrics,
}: {
  title: string;
  back?: Back;
  secondary?: ReactNode;
  keypad: ActorRefFrom<typeof passcodeKeypadMachine> | undefined;
  error: PasscodeError | null;
  busy: boolean;
  locked: boolean;
  blocked: boolean;
  /** The lockout's seconds left, as a role="timer" element. */
  timer: ReactNode;
  biometrics: boolean;
  onBiometrics: () => void;
}) {
  const { i18n, t } = useLingui();
  const triesLeft = attemptsWarning(error);
  return (
    <Screen title={title} back={back} busy={busy} secondary={secondary} centered guardClose>
      {blocked ? (
        <div role="alert" className={shell.card}>
          <p className={css.error}>{i18n._(passcodeMessages.blocked)}</p>
          <RecoveryOffer />
        </div>
      ) : (
        <>
          {locked ? (
            <div role="status" aria-live="polite">
              <p className={css.error}>{i18n._(passcodeMessages.wait)}</p>
              <p className={css.hint}>
                <Trans>Try again in {timer}</Trans>
              </p>
            </div>
          ) : error ? (
            <div role="alert">
              <p className={css.error}>{passcodeErrorText(i18n, error)}</p>
              {triesLeft === null ? null : (
                <p className={css.hint} data-testid="tries-left">
                  <Plural
                    value={triesLeft}
                    one="# try left before a short wait"
                    other="# tries left before a short wait"
                  />
                </p>
              )}
            </div>
          ) : (
            <p className={css.hint}>
              <Trans>Enter your 4-digit passcode</Trans>
            </p>
          )}
          {error?.kind === 'server' && error.code === 'PASSCODE_RESET_HOLD' ? <ResetHoldNotice /> : null}
          {busy ? <Spinner size={24} label={t`Checking the passcode`} /> : null}
          <PinPad
            keypad={keypad}
            disabled={busy || locked}
            label={t`Passcode keypad`}
            extraKey={
              biometrics ? (
                <PinPadKey label={t`Use biometrics`} onClick={onBiometrics}>
                  <ScanFace size={28} strokeWidth={1.8} aria-hidden />
                </PinPadKey>
              ) : undefined
            }
          />
        </>
      )}
    </Screen>
  );
}
