import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { passcodeDisableMachine } from '../../../machines/passcodeDisable.machine';
import { selectDisableChecking, selectDisableVerify } from '../../../machines/passcodeDisable.selectors';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { PasscodeVerifyScreen } from '../passcode/PasscodeVerifyScreen';
import { Screen } from '../../ui/Screen';
import { backToProtection } from './parts';

export type PasscodeDisableActor = ActorRefFrom<typeof passcodeDisableMachine>;

/** Turn the passcode off: the code on the verify keypad authorises the disable call (spec §4). */
export function PasscodeDisableScreen({ actorRef }: { actorRef: PasscodeDisableActor }) {
  const { t } = useLingui();
  const verify = useSelector(actorRef, selectDisableVerify);
  const checking = useSelector(actorRef, selectDisableChecking);
  const cancel = (
    <Button variant="ghost" onClick={() => actorRef.send({ type: 'disable.cancelled' })}>
      <Trans>Cancel</Trans>
    </Button>
  );
  return verify ? (
    <PasscodeVerifyScreen
      actorRef={verify}
      title={t`Enter your passcode to turn it off`}
      back={backToProtection}
      secondary={cancel}
    />
  ) : (
    <Screen back={backToProtection} secondary={cancel} busy={checking}>
      {checking ? <Spinner size={24} label={t`Checking your passcode settings`} /> : null}
    </Screen>
  );
}
