/**
 * The passcode reset hold as the money screens show it (docs/guide.md "Passcode recovery"): reported by the
 * profile, a recovery or a refusal, shown by the shared notice with its end time in the viewer's locale,
 * and gone on its own when the hold ends — also for a hold longer than one browser timer can wait.
 */
import { act, render, screen } from '@testing-library/react';
import { createActor, type ActorRefFrom } from 'xstate';
import type { AppServices } from '../../src/app/services';
import { ServicesProvider } from '../../src/app/context';
import { ResetHoldNotice } from '../../src/features/passcode/ResetHoldNotice';
import { MAX_TIMER_MS, resetHoldMachine } from '../../machines/resetHold.machine';
import { describeModel } from '../support/mbt';
import { Providers } from '../support/render';

const SOON = '2030-01-01T10:00:00.000Z';
const FAR = '2030-02-01T10:00:00.000Z';

/** What luxon's DATETIME_MED renders in English, computed independently with Intl. */
const shown = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

const notice = () => screen.queryByTestId('reset-hold');

let live: ActorRefFrom<typeof resetHoldMachine>;

describeModel('resetHold', {
  machine: resetHoldMachine,
  events: {
    '*': [
      { type: 'hold.reported', until: SOON, msLeft: 60_000 },
      { type: 'hold.reported', until: FAR, msLeft: MAX_TIMER_MS + 60_000 },
      { type: 'hold.reported', until: SOON, msLeft: 0 },
      { type: 'hold.reported', until: null, msLeft: 0 },
    ],
    held: [{ type: 'xstate.after.HOLD_ENDS.resetHold.held' }],
  },
  classify: (s) => (s.context.msLeft > MAX_TIMER_MS ? 'long' : s.context.until ? 'short' : 'none'),
  fakeTimers: true,
  mount: async () => {
    const actor = createActor(resetHoldMachine).start();
    live = actor;
    const services = { signedIn: () => ({ resetHold: actor }) } as unknown as AppServices;
    render(
      <Providers>
        <ServicesProvider services={services}>
          <ResetHoldNotice />
        </ServicesProvider>
      </Providers>,
    );
    return { actor };
  },
  drive: {
    // As the profile, a recovery or a refusal reports it (src/app/walletLink.ts).
    'hold.reported': (e) => act(() => void live.send(e)),
    // The timer runs as long as the hold (or one browser timer's worth of it): advance exactly that far.
    'xstate.after.HOLD_ENDS.resetHold.held': (_e: unknown) =>
      act(() => {
        vi.advanceTimersByTime(Math.min(live.getSnapshot().context.msLeft, MAX_TIMER_MS));
      }),
  },
  states: {
    free: (_h, s) => {
      expect(notice()).toBeNull();
      expect(s.context.until).toBeNull();
    },
    held: (_h, s) => {
      const until = s.context.until as string;
      const box = notice();
      expect(box?.getAttribute('role')).toBe('status');
      expect(box?.textContent).toBe(
        `Your passcode was reset. For your safety, money can't leave your account until ${shown(until)}.`,
      );
      expect(box?.querySelector('time')?.getAttribute('dateTime')).toBe(until);
    },
  },
});

describe('reset hold timing', () => {
  it('ends exactly when the reported time is up, not a millisecond before', async () => {
    vi.useFakeTimers();
    const actor = createActor(resetHoldMachine).start();
    actor.send({ type: 'hold.reported', until: SOON, msLeft: 5000 });
    vi.advanceTimersByTime(4999);
    expect(actor.getSnapshot().value).toBe('held');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('free');
  });
});
