import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ReactNode } from 'react';
import type { PasscodeConfirmMachine } from '../../../machines/passcodeConfirm.machine';
import {
  selectBiometricsOffered,
  selectConfirmBlocked,
  selectConfirmBusy,
  selectConfirmError,
  selectConfirmKeypad,
  selectConfirmLocked,
  selectLockout,
} from '../../../machines/passcodeConfirm.selectors';
import { Countdown } from '../../ui/Countdown';
import type { Back } from '../../ui/Screen';
import * as css from './passcode.css';
import { PasscodeEntry } from './PasscodeEntry';

/** A flow's passcode step (passcodeConfirmFor<R, T>()). */
export type PasscodeConfirmActor<R = unknown, T = unknown> = ActorRefFrom<PasscodeConfirmMachine<R, T>>;

/** A money flow's passcode step (send, swap, sell review): the passcode screen over its state. */
export function PasscodeConfirmScreen<R, T>({
  actorRef,
  title,
  back,
  secondary,
}: {
  actorRef: PasscodeConfirmActor<R, T>;
  title: string;
  back?: Back;
  secondary?: ReactNode;
}) {
  return (
    <PasscodeEntry
      title={title}
      back={back}
      secondary={secondary}
      keypad={useSelector(actorRef, selectConfirmKeypad)}
      error={useSelector(actorRef, selectConfirmError)}
      busy={useSelector(actorRef, selectConfirmBusy)}
      locked={useSelector(actorRef, selectConfirmLocked)}
      blocked={useSelector(actorRef, selectConfirmBlocked)}
      timer={<Countdown actor={useSelector(actorRef, selectLockout)} className={css.countdown} />}
      biometrics={useSelector(actorRef, selectBiometricsOffered)}
      onBiometrics={() => actorRef.send({ type: 'biometrics.requested' })}
    />
  );
}
