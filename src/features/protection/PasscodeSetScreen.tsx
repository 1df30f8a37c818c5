import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { passcodeSetMachine } from '../../../machines/passcodeSet.machine';
import {
  selectSetBusy,
  selectSetError,
  selectSetKeypad,
  selectSetStep,
  selectSuccessSeconds,
} from '../../../machines/passcodeSet.selectors';
import { NewCodeScreen, SuccessView } from './parts';

export type PasscodeSetActor = ActorRefFrom<typeof passcodeSetMachine>;

/** Set a passcode: enter, confirm, success with a 5 s countdown (spec §4). Machine state only. */
export function PasscodeSetScreen({ actorRef }: { actorRef: PasscodeSetActor }) {
  const step = useSelector(actorRef, selectSetStep);
  const keypad = useSelector(actorRef, selectSetKeypad);
  const busy = useSelector(actorRef, selectSetBusy);
  const error = useSelector(actorRef, selectSetError);
  const secondsLeft = useSelector(actorRef, selectSuccessSeconds);

  if (step === 'success') {
    return (
      <SuccessView
        title={<Trans>Passcode set</Trans>}
        secondsLeft={secondsLeft}
        onClose={() => actorRef.send({ type: 'success.closed' })}
      />
    );
  }
  return (
    <NewCodeScreen
      title={step === 'enter' ? <Trans>Create a passcode</Trans> : <Trans>Repeat the passcode</Trans>}
      step={step}
      error={error}
      busy={busy}
      keypad={keypad}
    />
  );
}
