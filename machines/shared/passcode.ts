/**
 * Passcode rules and failures as data (spec §5, §8, §9). Wording lives in the views
 * (src/features/passcode/messages.ts).
 */
export const PASSCODE_LENGTH = 4;
/** Spec §9: the calling action fires 300 ms after the 4th digit. */
export const PASSCODE_DELAY_MS = 300;
/** Spec §9: the success screen returns to wallet protection after 5 s. */
export const SUCCESS_REDIRECT_MS = 5000;
/** A lockout countdown ticks once a second. */
export const TICK_MS = 1000;

export type PasscodeError =
  /** B2C_USM0031: incorrect passcode; `attemptsLeft` wrong tries before the next wait or the block, when the server says. */
  | { kind: 'wrong'; attemptsLeft?: number }
  /** B2C_USM0030: wait this many seconds before the next try. */
  | { kind: 'wait'; seconds: number }
  /** B2C_USM0032: blocked; unblocking is by password reset. */
  | { kind: 'blocked' }
  /** APP_0001: the two entries differ (set and change). */
  | { kind: 'mismatch' }
  /** Anything else: the server's own message (spec §8). */
  | { kind: 'server'; code: string; message: string };

type ErrorShape = { code?: unknown; message?: unknown; waitSeconds?: unknown; attemptsLeft?: unknown };

/** The tries-left warning shows from this many on down (spec: "once two are left"). */
export const WARN_ATTEMPTS_LEFT = 2;

export function toPasscodeError(error: unknown): PasscodeError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorShape;
  const code = typeof e.code === 'string' ? e.code : 'UNKNOWN';
  if (code === 'B2C_USM0031') {
    const left = Number(e.attemptsLeft);
    return e.attemptsLeft !== undefined && e.attemptsLeft !== null && Number.isInteger(left) && left >= 0
      ? { kind: 'wrong', attemptsLeft: left }
      : { kind: 'wrong' };
  }
  if (code === 'B2C_USM0032') return { kind: 'blocked' };
  if (code === 'B2C_USM0030') {
    const seconds = Number(e.waitSeconds);
    return { kind: 'wait', seconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60 };
  }
  return { kind: 'server', code, message: typeof e.message === 'string' ? e.message : '' };
}

/** Tries left worth warning about (1 or 2), else null: no warning without the server's count. */
export function attemptsWarning(error: PasscodeError | null): number | null {
  if (error?.kind !== 'wrong' || error.attemptsLeft === undefined) return null;
  return error.attemptsLeft > 0 && error.attemptsLeft <= WARN_ATTEMPTS_LEFT ? error.attemptsLeft : null;
}

export const isPasscode = (code: string) => new RegExp(`^\\d{${PASSCODE_LENGTH}}$`).test(code);

/** The code a `passcode.entered` event carries (used by the set and change machines' assigns). */
export function enteredCode({ event }: { event: { type: string; code?: string } }): string {
  if (event.type !== 'passcode.entered' || typeof event.code !== 'string')
    throw new Error(`Expected passcode.entered, got ${event.type}`);
  return event.code;
}

/**
 * The success screen shared by set and change (spec §4): entry actions run, the seconds count down
 * once a second, and at zero — or on `success.closed` — the machine finishes in `done`.
 */
export function successCountdownState<const Entry extends readonly unknown[]>(machineId: string, entry: Entry) {
  return {
    tags: 'success',
    entry: [...entry, { type: 'haptic', params: { kind: 'success' } }],
    initial: 'counting',
    on: { 'success.closed': 'done' },
    states: {
      counting: {
        after: {
          TICK: [
            { guard: 'moreToCount', target: 'counting', reenter: true, actions: 'tick' },
            { target: `#${machineId}.done` },
          ],
        },
      },
    },
  } as const;
}

/**
 * A new code entered twice (set and Telegram recovery, spec §4): `enter`, then a fresh keypad in
 * `confirm`; a match holds the code and goes to `saving`, a mismatch shows APP_0001 back in `enter`.
 * The machine provides the `keypad` actor, the `matches` guard and the `holdFirst`, `holdCode`,
 * `mismatch` and `haptic` actions.
 */
export function newCodeStates() {
  return {
    enter: {
      tags: ['editable', 'enter'],
      invoke: { id: 'keypad', src: 'keypad' },
      on: { 'passcode.entered': { target: 'confirm', actions: 'holdFirst' } },
    },
    confirm: {
      tags: ['editable', 'confirm'],
      description: 'A fresh keypad for the second entry.',
      invoke: { id: 'keypad', src: 'keypad' },
      on: {
        'passcode.entered': [
          { guard: 'matches', target: 'saving', actions: 'holdCode' },
          { target: 'enter', actions: ['mismatch', { type: 'haptic', params: { kind: 'error' } }] },
        ],
      },
    },
  } as const;
}
