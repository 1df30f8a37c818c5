/** Shared drivers for the passcode flow tests: typing on the rendered PinPad, reading it. */
import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type userEvent from '@testing-library/user-event';
import { PASSCODE_DELAY_MS } from '../../machines/shared/passcode';

type User = ReturnType<typeof userEvent.setup>;

export const key = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
export const digitKeys = () => ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'].map(key);
export const padEnabled = () => digitKeys().every((b) => !b.disabled);
export const padDisabled = () => digitKeys().every((b) => b.disabled);
export const filledDots = () => screen.getByTestId('pin-dots').querySelectorAll('[data-filled="true"]').length;

/** Types the 4 digits, then lets the keypad's 300 ms pass so the code goes to the caller. */
export async function enterCode(user: User, code: string) {
  for (const digit of code) await user.click(key(digit));
  await act(async () => {
    vi.advanceTimersByTime(PASSCODE_DELAY_MS);
  });
}

/** A keypad tap the model sees once: a digit and its deletion (the entry is unchanged). */
export async function tapAndUndo(user: User) {
  await user.click(key('5'));
  await user.click(key('Delete last digit'));
}

export const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

export const gatewayError = (code: string, message = '', extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { status: 400, code, ...extra });

/**
 * The gateway's passcode rules as interface 4 states them (the 5th wrong code starts the first wait):
 * wrong codes 1-4 answer 403 B2C_USM0031 with `attemptsLeft` = wrong tries left before the wait
 * (4, 3, 2, 1); the 5th wrong code answers 429 B2C_USM0030 at once with the wait. The right code
 * resets the count.
 */
export function fakePasscodeRules(right: string, waitSeconds = 60) {
  let failures = 0;
  return async ({ input }: { input: { code: string } }) => {
    if (input.code === right) {
      failures = 0;
      return input.code;
    }
    failures += 1;
    if (failures >= 5)
      throw gatewayError('B2C_USM0030', `Too many wrong passcodes: try again in ${waitSeconds} s`, {
        status: 429,
        waitSeconds,
      });
    throw gatewayError('B2C_USM0031', 'Incorrect passcode', { status: 403, attemptsLeft: 5 - failures });
  };
}

export const triesLeftText = () => screen.queryByTestId('tries-left')?.textContent ?? null;
