/**
 * The countdown actor (money flows' timers): it starts from the seconds given or left until a
 * deadline, shows mm:ss, steps once a second and finishes at zero; a deadline already past is over.
 */
import { render, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { countdownMachine, type CountdownInput } from '../../machines/countdown.machine';
import { countdownText, secondsUntil } from '../../machines/shared/countdown';
import { Countdown } from '../../src/ui/Countdown';
import { describeModel } from '../support/mbt';

const timer = () => screen.getByRole('timer');

function suite(name: string, input: CountdownInput) {
  describeModel(name, {
    machine: countdownMachine,
    input,
    fakeTimers: true,
    delays: { TICK: 1000 },
    events: [{ type: 'xstate.after.TICK.countdown.counting' }],
    mount: () => {
      const actor = createActor(countdownMachine, { input }).start();
      render(<Countdown actor={actor} testId="countdown" />);
      return { actor };
    },
    drive: {},
    states: {
      counting: (_h, s) => {
        expect(timer().textContent).toBe(countdownText(s.context.secondsLeft));
        expect(s.context.secondsLeft).toBeGreaterThan(0);
      },
      done: (h) => {
        expect(timer().textContent).toBe('00:00');
        expect(h.actor && typeof h.actor !== 'function' ? h.actor.getSnapshot().status : null).toBe('done');
      },
    },
  });
}

suite('countdown (3 s)', { seconds: 3 });
suite('countdown (until a deadline 2.5 s away)', { until: '2026-01-01T00:00:02.500Z', now: Date.parse('2026-01-01') });

describe('countdown display', () => {
  it('is mm:ss, never negative', () => {
    expect([300, 299, 59, 1, 0, -3, 3600, 61.9].map(countdownText)).toEqual([
      '05:00',
      '04:59',
      '00:59',
      '00:01',
      '00:00',
      '00:00',
      '60:00',
      '01:01',
    ]);
  });

  it('counts whole seconds up to a deadline, rounded up', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsUntil('2026-01-01T00:05:00Z', now)).toBe(300);
    expect(secondsUntil(now + 1, now)).toBe(1);
    expect(secondsUntil(now - 5000, now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
  });

  it('reads 00:00 without a running countdown', () => {
    render(<Countdown actor={undefined} />);
    expect(timer().textContent).toBe('00:00');
  });

  it('is over at once for a deadline already past', () => {
    const input = { until: Date.parse('2026-01-01'), now: Date.parse('2026-01-01T00:01') };
    const actor = createActor(countdownMachine, { input }).start();
    render(<Countdown actor={actor} />);
    expect(actor.getSnapshot().status).toBe('done');
    expect(timer().textContent).toBe('00:00');
  });

  it('is the seconds of its input', () => {
    expect(
      createActor(countdownMachine, { input: { seconds: 300 } })
        .start()
        .getSnapshot().context.secondsLeft,
    ).toBe(300);
  });
});
