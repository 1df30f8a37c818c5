import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { CircleCheck } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';
import { protectionRoutes } from './wiring';

/** The passcode screens' back control: to wallet protection. */
export const backToProtection = { to: protectionRoutes.home };

/** Spec §2: the success screen returns to wallet protection after a visible 5 s countdown. */
export function SuccessView({ title, secondsLeft, onClose }: { title: ReactNode; secondsLeft: number; onClose: () => void }) {
  return (
    <Screen primary={<Button onClick={onClose}><Trans>Done</Trans></Button>}>
      <StatusBlock icon={<CircleCheck size={36} strokeWidth={1.75} />} tone="success" title={title}>
        <p className={screen.statusText} role="timer">
          <Trans>Back to wallet protection in {secondsLeft} s</Trans>
        </p>
      </StatusBlock>
    </Screen>
  );
}
