import { useSelector } from '@xstate/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { passcodeVerifyMachine } from '../../../machines/passcodeVerify.machine';
import {
  selectBlocked,
  selectKeypad,
  selectLocked,
  selectSecondsLeft,
  selectVerifyBusy,
  selectVerifyError,
} from '../../../machines/passcodeVerify.selectors';
import { attemptsWarning } from '../../../machines/shared/passcode';
import { PinPad } from '../../ui/PinPad';
import { Spinner } from '../../ui/Spinner';
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Screen, type Back } from '../../ui/Screen';
import * as shell from '../shell/AppShell.css';
import { formatCountdown, passcodeErrorText, passcodeMessages } from './messages';
import * as css from './passcode.css';
import { RecoveryOffer } from './RecoveryOffer';
import { ResetHoldNotice } from './ResetHoldNotice';

export type PasscodeVerifyActor = ActorRefFrom<typeof passcodeVerifyMachine>;

/**
 * Passcode entry for whatever the caller's `submitPasscode` authorises (spec §4 verify): the keypad,
 * the wrong-code message with the tries left once two are left, the live lockout countdown (B2C_USM0030) and the block explanation
 * (B2C_USM0032). Renders machine state only.
 */
export function PasscodeVerifyScreen({
  actorRef,
  title,
  back,
  secondary,
}: {
  actorRef: PasscodeVerifyActor;
  title: string;
  back?: Back;
  secondary?: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const keypad = useSelector(actorRef, selectKeypad);
  const error = useSelector(actorRef, selectVerifyError);
  const busy = useSelector(actorRef, selectVerifyBusy);
  const locked = useSelector(actorRef, selectLocked);
  const blocked = useSelector(actorRef, selectBlocked);
  const secondsLeft = useSelector(actorRef, selectSecondsLeft);
  const triesLeft = attemptsWarning(error);
  const canUseBiometrics = useSelector(actorRef, (s) => s.can({ type: 'biometrics.requested' }));

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
                <Trans>
                  Try again in{' '}
                  <span className={css.countdown} role="timer">
                    {formatCountdown(secondsLeft)}
                  </span>
                </Trans>
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
          <PinPad keypad={keypad} disabled={busy || locked} label={t`Passcode keypad`} />
          {canUseBiometrics ? (
            <Button variant="ghost" onClick={() => actorRef.send({ type: 'biometrics.requested' })}>
              <Trans>Use biometrics</Trans>
            </Button>
          ) : null}
        </>
      )}
    </Screen>
  );
}
