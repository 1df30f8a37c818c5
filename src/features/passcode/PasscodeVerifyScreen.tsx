import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ReactNode } from 'react';
import type { passcodeVerifyMachine } from '../../../machines/passcodeVerify.machine';
import {
  selectBlocked,
  selectKeypad,
  selectLocked,
  selectSecondsLeft,
  selectVerifyBusy,
  selectVerifyError,
} from '../../../machines/passcodeVerify.selectors';
import type { Back } from '../../ui/Screen';
import { formatCountdown } from './messages';
import * as css from './passcode.css';
import { PasscodeEntry } from './PasscodeEntry';

export type PasscodeVerifyActor = ActorRefFrom<typeof passcodeVerifyMachine>;

/**
 * Passcode entry for whatever the caller's `submitPasscode` authorises (spec §4 verify): the
 * passcode screen (PasscodeEntry) over the verify machine's state. Renders machine state only.
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
  const secondsLeft = useSelector(actorRef, selectSecondsLeft);
  return (
    <PasscodeEntry
      title={title}
      back={back}
      secondary={secondary}
      keypad={useSelector(actorRef, selectKeypad)}
      error={useSelector(actorRef, selectVerifyError)}
      busy={useSelector(actorRef, selectVerifyBusy)}
      locked={useSelector(actorRef, selectLocked)}
      blocked={useSelector(actorRef, selectBlocked)}
      timer={
        <span className={css.countdown} role="timer">
          {formatCountdown(secondsLeft)}
        </span>
      }
      biometrics={useSelector(actorRef, (s) => s.can({ type: 'biometrics.requested' }))}
      onBiometrics={() => actorRef.send({ type: 'biometrics.requested' })}
    />
  );
}
