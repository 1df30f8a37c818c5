import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { passcodeChangeMachine } from '../../../machines/passcodeChange.machine';
import {
  selectChangeBusy,
  selectChangeChecking,
  selectChangeError,
  selectChangeKeypad,
  selectChangeSeconds,
  selectChangeStep,
  selectChangeVerify,
} from '../../../machines/passcodeChange.selectors';
import { PinPad } from '../../ui/PinPad';
import { Spinner } from '../../ui/Spinner';
import { Screen } from '../../ui/Screen';
import { passcodeErrorText } from '../passcode/messages';
import { PasscodeVerifyScreen } from '../passcode/PasscodeVerifyScreen';
import * as pc from '../passcode/passcode.css';
import { backToProtection, SuccessView } from './parts';

export type PasscodeChangeActor = ActorRefFrom<typeof passcodeChangeMachine>;

/**
 * Change the passcode: current (checked by the server on the verify keypad), new, repeat, success
 * with a 5 s countdown (spec §4). Machine state only.
 */
export function PasscodeChangeScreen({ actorRef }: { actorRef: PasscodeChangeActor }) {
  const { i18n, t } = useLingui();
  const step = useSelector(actorRef, selectChangeStep);
  const keypad = useSelector(actorRef, selectChangeKeypad);
  const verify = useSelector(actorRef, selectChangeVerify);
  const checking = useSelector(actorRef, selectChangeChecking);
  const busy = useSelector(actorRef, selectChangeBusy);
  const error = useSelector(actorRef, selectChangeError);
  const secondsLeft = useSelector(actorRef, selectChangeSeconds);

  if (step === 'success') {
    return (
      <SuccessView
        title={<Trans>Passcode changed</Trans>}
        secondsLeft={secondsLeft}
        onClose={() => actorRef.send({ type: 'success.closed' })}
      />
    );
  }
  if (step === 'old') {
    return verify ? (
      <PasscodeVerifyScreen actorRef={verify} title={t`Enter your current passcode`} back={backToProtection} />
    ) : (
      <Screen back={backToProtection} busy={checking}>
        {checking ? <Spinner size={24} label={t`Checking your passcode settings`} /> : null}
      </Screen>
    );
  }
  const title = {
    new: <Trans>Enter a new passcode</Trans>,
    confirm: <Trans>Repeat the new passcode</Trans>,
  }[step];
  return (
    <Screen centered back={backToProtection} busy={busy} title={title} guardClose>
      {error ? (
        <p role="alert" className={pc.error}>
          {passcodeErrorText(i18n, error)}
        </p>
      ) : (
        <p className={pc.hint} />
      )}
      {busy ? <Spinner size={24} label={t`Saving the passcode`} /> : null}
      <PinPad keypad={keypad} disabled={busy} label={t`Passcode keypad`} />
    </Screen>
  );
}
