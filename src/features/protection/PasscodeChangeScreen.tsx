import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { passcodeChangeMachine } from '../../../machines/passcodeChange.machine';
import {
  selectChangeBusy, selectChangeChecking, selectChangeError, selectChangeKeypad, selectChangeSeconds, selectChangeStep, selectChangeVerify,
} from '../../../machines/passcodeChange.selectors';
import { PinPad } from '../../ui/PinPad';
import { Spinner } from '../../ui/Spinner';
import * as shell from '../shell/AppShell.css';
import { passcodeErrorText } from '../passcode/messages';
import { PasscodeVerifyScreen } from '../passcode/PasscodeVerifyScreen';
import * as pc from '../passcode/passcode.css';
import { BackToProtection, SuccessView } from './parts';

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
    return <SuccessView title={<Trans>Passcode changed</Trans>} secondsLeft={secondsLeft} onClose={() => actorRef.send({ type: 'success.closed' })} />;
  }
  if (step === 'old') {
    return (
      <section className={shell.page} aria-busy={checking || undefined}>
        <BackToProtection />
        {verify ? <PasscodeVerifyScreen actorRef={verify} title={t`Enter your current passcode`} /> : null}
        {checking ? <Spinner size={24} label={t`Checking your passcode settings`} /> : null}
      </section>
    );
  }
  const title = {
    new: <Trans>Enter a new passcode</Trans>,
    confirm: <Trans>Repeat the new passcode</Trans>,
  }[step];
  return (
    <section className={pc.screen} aria-labelledby="passcode-title" aria-busy={busy || undefined}>
      <BackToProtection />
      <h1 id="passcode-title" className={shell.title}>{title}</h1>
      {error ? <p role="alert" className={pc.error}>{passcodeErrorText(i18n, error)}</p> : <p className={pc.hint} />}
      {busy ? <Spinner size={24} label={t`Saving the passcode`} /> : null}
      <PinPad keypad={keypad} disabled={busy} label={t`Passcode keypad`} />
    </section>
  );
}
