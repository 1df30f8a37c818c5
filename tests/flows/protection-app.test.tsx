/**
 * Wallet protection inside the real app (router, guards, shell): settings row → wallet protection →
 * set → success → back after 5 s with the passcode on; disable; change (current code validated
 * first); change and disable without a passcode lead to set-up; the held-passcode rule (a code typed
 * on a passcode screen is gone once the user leaves it).
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TICK_MS } from '../../machines/shared/passcode';
import { selectPinCodeActive } from '../../machines/profile.selectors';
import type { PasscodeApi } from '../../src/api/passcode';
import type { UserProfile } from '../../src/api/userProfile';
import { settle } from '../support/mbt';
import { makeUser, mountApp, pathname } from './app/harness';
import { enterCode, filledDots, gatewayError, key } from './passcode-support';

const profile = (pinCodeActive: boolean): UserProfile => ({
  id: 'user-1',
  email: 'ann@example.com',
  pinCodeActive,
  accounts: [{ id: 'acc-1', name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
});

function fakeApi() {
  const calls: string[] = [];
  const api: PasscodeApi = {
    enable: async (code) => void calls.push(`enable ${code}`),
    validate: async (code) => void calls.push(`validate ${code}`),
    change: async (old, code) => void calls.push(`change ${old}→${code}`),
    disable: async (code) => void calls.push(`disable ${code}`),
    recoverWithTelegram: async () => {
      throw new Error('recoverWithTelegram is not part of these journeys');
    },
  };
  return { api, calls };
}

async function start(path: string, active: boolean) {
  vi.useFakeTimers();
  const { api, calls } = fakeApi();
  const app = mountApp({ path, signedIn: makeUser(), account: profile(active), api: { passcode: api } });
  await settle();
  await settle();
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  return { app, calls, user };
}

describe('wallet protection in the app', () => {
  it('settings → wallet protection → set a passcode → back after 5 s with it on', async () => {
    const { app, calls, user } = await start('/settings', false);
    await user.click(screen.getByRole('link', { name: /Wallet protection/ }));
    await settle();
    expect(pathname(app)).toBe('/settings/wallet-protection');
    await user.click(screen.getByRole('switch', { name: 'Passcode' }));
    await settle();
    expect(pathname(app)).toBe('/settings/wallet-protection/set');
    await enterCode(user, '1357');
    await enterCode(user, '1357');
    await settle();
    expect(calls).toEqual(['enable 1357']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Passcode set');
    expect(selectPinCodeActive(app.profile.getSnapshot())).toBe(true);
    await act(async () => vi.advanceTimersByTime(5 * TICK_MS));
    await settle();
    expect(pathname(app)).toBe('/settings/wallet-protection');
    expect(screen.getByRole('switch', { name: 'Passcode' }).getAttribute('aria-checked')).toBe('true');
    expect(window.localStorage.getItem('faceIdEnabled')).toBeNull();
  });

  it('turns the passcode off with the code, back on wallet protection with it off', async () => {
    const { app, calls, user } = await start('/settings/wallet-protection', true);
    window.localStorage.setItem('faceIdEnabled', 'true');
    await user.click(screen.getByRole('switch', { name: 'Passcode' }));
    await settle();
    expect(pathname(app)).toBe('/settings/wallet-protection/disable');
    await enterCode(user, '1357');
    await settle();
    await settle();
    expect(calls).toEqual(['disable 1357']);
    expect(pathname(app)).toBe('/settings/wallet-protection');
    expect(selectPinCodeActive(app.profile.getSnapshot())).toBe(false);
    // Biometrics go with the passcode.
    expect(window.localStorage.getItem('faceIdEnabled')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Passcode' }).getAttribute('aria-checked')).toBe('false');
  });

  it('change validates the current code before asking for the new one, then changes with both', async () => {
    const { app, calls, user } = await start('/settings/wallet-protection/change', true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter your current passcode');
    await enterCode(user, '1357');
    await settle();
    expect(calls).toEqual(['validate 1357']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter a new passcode');
    await enterCode(user, '2468');
    await enterCode(user, '2468');
    await settle();
    expect(calls).toEqual(['validate 1357', 'change 1357→2468']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Passcode changed');
    expect(pathname(app)).toBe('/settings/wallet-protection/change');
  });

  it.each(['change', 'disable'])(
    '%s without a passcode leads to set-up, no keypad for a code that does not exist',
    async (step) => {
      const { app, calls } = await start(`/settings/wallet-protection/${step}`, false);
      await settle();
      expect(pathname(app)).toBe('/settings/wallet-protection/set');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create a passcode');
      expect(calls).toEqual([]);
    },
  );

  it('held passcode: a half-set code is cleared once the user leaves the passcode screen', async () => {
    const { app, calls, user } = await start('/settings/wallet-protection/set', false);
    await enterCode(user, '2468');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Repeat the passcode');
    await user.click(key('1'));
    expect(filledDots()).toBe(1);
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await settle();
    expect(pathname(app)).toBe('/settings/wallet-protection');
    await user.click(screen.getByRole('switch', { name: 'Passcode' }));
    await settle();
    // A fresh start: step 1, nothing typed, nothing sent, nothing stored.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create a passcode');
    expect(filledDots()).toBe(0);
    expect(calls).toEqual([]);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('2468');
  });
});

describe('a blocked passcode in the app (issue 22)', () => {
  it('offers the reset: Reset password signs out and opens Forgot password with the address filled in', async () => {
    vi.useFakeTimers();
    const signOut = vi.fn(async () => {});
    const api: Partial<PasscodeApi> = {
      validate: async () => {
        throw gatewayError('B2C_USM0032', 'Passcode blocked');
      },
    };
    const app = mountApp({
      path: '/settings/wallet-protection/change',
      signedIn: makeUser(),
      account: profile(true),
      api: { passcode: api },
      signOut,
    });
    await settle();
    await settle();
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await enterCode(user, '1111');
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Your passcode is blocked after too many wrong attempts.');
    expect(alert.textContent).toContain('we sign you out and e-mail you a link');
    await user.click(within(alert).getByRole('button', { name: 'Reset password' }));
    await settle();
    await settle();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(pathname(app)).toBe('/auth/forgot');
    expect((screen.getByRole('textbox', { name: /e-mail/i }) as HTMLInputElement).value).toBe('ann@example.com');
    // Past the sign-out's grace it stays there, signed out (a signed-in user would be sent Home).
    await act(async () => void vi.advanceTimersByTime(1500));
    await settle();
    expect(pathname(app)).toBe('/auth/forgot');
    expect(screen.getByRole('button', { name: /reset link/i })).toBeInstanceOf(HTMLButtonElement);
  });
});
