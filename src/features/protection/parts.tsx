import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { passcodeKeypadMachine } from '../../../machines/passcodeKeypad.machine';
import type { PasscodeError } from '../../../machines/shared/passcode';
import { PinPad } from '../../ui/PinPad';
import { Spinner } from '../../ui/Spinner';
import { passcodeErrorText } from '../passcode/messages';
import * as pc from '../passcode/passcode.css';
import { CircleCheck } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';
import { protectionRoutes } from './wiring';

/** The passcode screens' back control: to wallet protection. */
export const backToProtection = { to: protectionRoutes.home };

/** Spec §2: the success screen returns to wallet protection after a visible 5 s countdown. */
export function SuccessView({
  title,
  secondsLeft,
  onClose,
}: {
  title: ReactNode;
  secondsLeft: number;
  onClose: () => void;
}) {
  return (
    <Screen
      primary={
        <Button onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      }
    >
      <StatusBlock icon={<CircleCheck size={36} strokeWidth={1.75} />} tone="success" title={title}>
        <p className={screen.statusText} role="timer">
          <Trans>Back to wallet protection in {secondsLeft} s</Trans>
        </p>
      </StatusBlock>
    </Screen>
  );
}

type NewCodeProps = {
  title: ReactNode;
  step: 'enter' | 'confirm';
  error: PasscodeError | null;
  busy: boolean;
  keypad: ActorRefFrom<typeof passcodeKeypadMachine> | undefined;
};

/** A new code entered twice (set, Telegram recovery): the error or the hint, the keypad, a spinner while saving. */
export function NewCodeScreen({ title, step, error, busy, keypad }: NewCodeProps) {
  const { i18n, t } = useLingui();
  return (
    <Screen centered guardClose back={backToProtection} busy={busy} title={title}>
      {error ? (
        <p role="alert" className={pc.error}>
          {passcodeErrorText(i18n, error)}
        </p>
      ) : (
        <p className={pc.hint}>
          {step === 'enter' ? (
            <Trans>Choose 4 digits you will remember</Trans>
          ) : (
            <Trans>Enter the same 4 digits again</Trans>
          )}
        </p>
      )}
      {busy ? <Spinner size={24} label={t`Saving the passcode`} /> : null}
      <PinPad keypad={keypad} disabled={busy} label={t`Passcode keypad`} />
    </Screen>
  );
}
