import { assertEvent, assign, setup } from 'xstate';

/**
 * The hold after a passcode reset, as the app knows it (docs/guide.md "Passcode recovery"): the gateway refuses
 * send, swap and sell with PASSCODE_RESET_HOLD until `until`. The profile (GET /user
 * `passcodeResetHoldUntil`), a recovery's answer and any such refusal report it; the machine ends it on
 * time by itself, so the notice on the money screens disappears when the gateway lets money out again.
 * The reporter reads the clock once (`msLeft`), so the machine itself is pure.
 */
export type ResetHoldContext = {
  /** When money may leave again (ISO 8601); null while nothing is held. */
  until: string | null;
  /** How long the hold still runs, as of the report (or of the last timer). */
  msLeft: number;
};

export type ResetHoldEvent = { type: 'hold.reported'; until: string | null; msLeft: number };

/** Timers past 2^31 − 1 ms fire at once in browsers; a longer hold is waited for in steps of this. */
export const MAX_TIMER_MS = 2_147_483_647;

export const resetHoldMachine = setup({
  types: {
    context: {} as ResetHoldContext,
    events: {} as ResetHoldEvent,
    tags: {} as 'held',
  },
  delays: {
    HOLD_ENDS: ({ context }) => Math.min(Math.max(0, context.msLeft), MAX_TIMER_MS),
  },
  guards: {
    reportsHold: ({ event }) => {
      assertEvent(event, 'hold.reported');
      return event.until !== null && event.msLeft > 0;
    },
    beyondOneTimer: ({ context }) => context.msLeft > MAX_TIMER_MS,
  },
  actions: {
    keepHold: assign(({ event }) => {
      assertEvent(event, 'hold.reported');
      return { until: event.until, msLeft: event.msLeft };
    }),
    waitedOneTimer: assign({ msLeft: ({ context }) => context.msLeft - MAX_TIMER_MS }),
    forget: assign({ until: null, msLeft: 0 }),
  },
}).createMachine({
  id: 'resetHold',
  context: { until: null, msLeft: 0 },
  initial: 'free',
  on: {
    'hold.reported': [
      // Re-entering restarts the timer for the newly reported end.
      { guard: 'reportsHold', target: '.held', reenter: true, actions: 'keepHold' },
      { target: '.free' },
    ],
  },
  states: {
    free: {
      description: 'No hold: money moves as usual.',
      entry: 'forget',
    },
    held: {
      tags: 'held',
      description: 'A passcode reset holds money in the account until `until`; send, swap and sell show the end time.',
      after: {
        HOLD_ENDS: [
          { guard: 'beyondOneTimer', target: 'held', reenter: true, actions: 'waitedOneTimer' },
          { target: 'free' },
        ],
      },
    },
  },
});
