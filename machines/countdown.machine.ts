import { assign, setup } from 'xstate';
import { secondsUntil, TICK_MS } from './shared/countdown';

/**
 * Seconds to count down: given, or until a deadline read against the clock the caller passes (the
 * machine stays pure: the caller's service reads the clock, e.g. when the quote or order arrived).
 */
export type CountdownInput = { seconds: number } | { until: string | number; now: number };

export type CountdownContext = { secondsLeft: number };

const startingSeconds = (input: CountdownInput) =>
  'seconds' in input ? Math.max(0, Math.floor(input.seconds)) : secondsUntil(input.until, input.now);

/**
 * One countdown for every money flow's timer (swap's order, buy's quote, the passcode lockout): it
 * steps once a second and finishes at zero, so its parent's `onDone` is the expiry. The screen reads
 * the seconds left from the child (`<Countdown>` in src/ui renders them as mm:ss).
 */
export const countdownMachine = setup({
  types: { context: {} as CountdownContext, input: {} as CountdownInput },
  delays: { TICK: TICK_MS },
  guards: {
    over: ({ context }) => context.secondsLeft <= 0,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  actions: {
    tick: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => ({ secondsLeft: startingSeconds(input) }),
  initial: 'counting',
  states: {
    counting: {
      always: { guard: 'over', target: 'done' },
      after: {
        TICK: [
          { guard: 'lastSecond', target: 'done', actions: 'tick' },
          { target: 'counting', reenter: true, actions: 'tick' },
        ],
      },
    },
    done: { type: 'final', description: 'Zero: the parent is told by its onDone.' },
  },
});
