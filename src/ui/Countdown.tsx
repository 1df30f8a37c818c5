import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { countdownMachine } from '../../machines/countdown.machine';
import { selectCountdownText } from '../../machines/countdown.selectors';
import { countdownText } from '../../machines/shared/countdown';

export type CountdownActor = ActorRefFrom<typeof countdownMachine>;

/**
 * A running countdown child as mm:ss (spec §4). Without one (not started, or over and gone) it reads
 * 00:00. A timer is not announced each second (aria-live off): the expiry is said by the screen.
 */
export function Countdown({
  actor,
  className,
  testId,
}: {
  actor: CountdownActor | undefined | null;
  className?: string;
  testId?: string;
}) {
  const text = useSelector(actor ?? undefined, (s) => (s ? selectCountdownText(s) : null));
  return (
    <span role="timer" aria-live="off" className={className} data-testid={testId}>
      {text ?? countdownText(0)}
    </span>
  );
}
