import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { passcodeSetMachine } from '../../../machines/passcodeSet.machine';
import { selectSetBusy, selectSetError, selectSetKeypad, selectSetStep, selectSuccessSeconds } from '../../../machines/passcodeSet.selectors';
import { PinPad } from '../../ui/PinPad';
import { Spinner } from '../../ui/Spinner';
import { Screen } from '../../ui/Screen';
import { passcodeErrorText } from '../passcode/messages';
import * as pc from '../passcode/passcode.css';
import { backToProtection, SuccessView } from './parts';

export type PasscodeSetActor = ActorRefFrom<typeof passcodeSetMachine>;

/** Set a passcode: enter, confirm, success with a 5 s countdown (spec §4). Machine state only. */
export function PasscodeSetScreen({ actorRef }: { actorRef: PasscodeSetActor }) {
  const { i18n, t } = useLingui();
  const step = useSelector(actorRef, selectSetStep);
  const keypad = useSelector(actorRef, selectSetKeypad);
  const busy = useSelector(actorRef, selectSetBusy);
  const error = useSelector(actorRef, selectSetError);
  const secondsLeft = useSelector(actorRef, selectSuccessSeconds);

  if (step === 'success') {
    return <SuccessView title={<Trans>Passcode set</Trans>} secondsLeft={secondsLeft} onClose={() => actorRef.send({ type: 'success.closed' })} />;
  }
  return (
    <Screen centered back={backToProtection} busy={busy} title={step === 'enter' ? <Trans>Create a passcode</Trans> : <Trans>Repeat the passcode</Trans>}>
      {error ? (
        <p role="alert" className={pc.error}>{passcodeErrorText(i18n, error)}</p>
      ) : (
        <p className={pc.hint}>{step === 'enter' ? <Trans>Choose 4 digits you will remember</Trans> : <Trans>Enter the same 4 digits again</Trans>}</p>
      )}
      {busy ? <Spinner size={24} label={t`Saving the passcode`} /> : null}
      <PinPad keypad={keypad} disabled={busy} label={t`Passcode keypad`} />
    </Screen>
  );
}
