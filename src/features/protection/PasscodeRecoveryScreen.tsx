import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, RotateCcw, ShieldAlert } from 'lucide-react';
import type { ActorRefFrom } from 'xstate';
import type { passcodeRecoveryMachine } from '../../../machines/passcodeRecovery.machine';
import {
  selectRecoveredHoldUntil,
  selectRecoveryBusy,
  selectRecoveryError,
  selectRecoveryKeypad,
  selectRecoveryStep,
} from '../../../machines/passcodeRecovery.selectors';
import { formatDateTime } from '../../i18n/dates';
import { Button } from '../../ui/Button';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screenCss from '../../ui/Screen.css';
import { Spinner } from '../../ui/Spinner';
import * as pc from '../passcode/passcode.css';
import { backToProtection, NewCodeScreen } from './parts';

export type PasscodeRecoveryActor = ActorRefFrom<typeof passcodeRecoveryMachine>;

/**
 * Telegram recovery of a blocked passcode (docs/guide.md "Passcode recovery"): what will happen, the new code
 * twice, a request to reopen the Mini App when its init data is too old, and the reset hold's end.
 * Machine state only; `canClose` says whether the host can close the app (Telegram).
 */
export function PasscodeRecoveryScreen({ actorRef, canClose }: { actorRef: PasscodeRecoveryActor; canClose: boolean }) {
  const { t } = useLingui();
  const step = useSelector(actorRef, selectRecoveryStep);
  const keypad = useSelector(actorRef, selectRecoveryKeypad);
  const busy = useSelector(actorRef, selectRecoveryBusy);
  const error = useSelector(actorRef, selectRecoveryError);
  const holdUntil = useSelector(actorRef, selectRecoveredHoldUntil);

  switch (step) {
    case 'opening':
      return (
        <Screen back={backToProtection} title={<Trans>Reset passcode</Trans>} busy>
          <Spinner label={t`Loading`} />
        </Screen>
      );
    case 'unavailable':
      return (
        <Screen back={backToProtection}>
          <StatusBlock
            icon={<ShieldAlert size={36} strokeWidth={1.75} aria-hidden />}
            title={<Trans>Open the wallet in Telegram</Trans>}
          >
            <p className={screenCss.statusText}>
              <Trans>
                Telegram confirms it is you: open the wallet from the Telegram bot to reset your passcode there.
              </Trans>
            </p>
          </StatusBlock>
        </Screen>
      );
    case 'intro':
      return (
        <Screen
          back={backToProtection}
          title={<Trans>Reset passcode with Telegram</Trans>}
          primary={
            <Button onClick={() => actorRef.send({ type: 'recovery.started' })}>
              <Trans>Choose a new passcode</Trans>
            </Button>
          }
        >
          <p className={pc.hint}>
            <Trans>Telegram vouches for your account: choose a new 4-digit passcode to replace the blocked one.</Trans>
          </p>
          <p className={pc.hint}>
            <Trans>
              For your safety, sending, swapping and selling stay off for a while after the reset. We will show you
              until when.
            </Trans>
          </p>
        </Screen>
      );
    case 'stale':
      return (
        <Screen
          back={backToProtection}
          primary={
            canClose ? (
              <Button onClick={() => actorRef.send({ type: 'app.closed' })}>
                <Trans>Close the wallet</Trans>
              </Button>
            ) : undefined
          }
        >
          <StatusBlock
            icon={<RotateCcw size={36} strokeWidth={1.75} aria-hidden />}
            title={<Trans>Reopen the wallet</Trans>}
          >
            <p className={screenCss.statusText}>
              <Trans>
                Telegram's confirmation is too old. Close the wallet, open it again from the Telegram bot, then go to
                Settings → Wallet protection → Forgot your passcode?
              </Trans>
            </p>
          </StatusBlock>
        </Screen>
      );
    case 'success':
      return (
        <Screen
          primary={
            <Button onClick={() => actorRef.send({ type: 'recovery.finished' })}>
              <Trans>Done</Trans>
            </Button>
          }
        >
          <StatusBlock
            icon={<CircleCheck size={36} strokeWidth={1.75} aria-hidden />}
            tone="success"
            title={<Trans>New passcode set</Trans>}
          >
            {holdUntil ? (
              <p className={screenCss.statusText} data-testid="recovered-hold">
                <Trans>
                  For your safety, money can't leave your account until{' '}
                  <time dateTime={holdUntil}>{formatDateTime(holdUntil)}</time>.
                </Trans>
              </p>
            ) : null}
          </StatusBlock>
        </Screen>
      );
    default:
      return (
        <NewCodeScreen
          title={step === 'enter' ? <Trans>New passcode</Trans> : <Trans>Repeat the new passcode</Trans>}
          step={step}
          error={error}
          busy={busy}
          keypad={keypad}
        />
      );
  }
}
