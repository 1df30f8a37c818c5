/**
 * Spec §2 Settings → Wallet protection: the passcode toggle (on → set, off → disable), change
 * passcode only while a passcode is active, a retry when the profile fails to load.
 */
import { screen } from '@testing-library/react';
import { walletProtectionMachine } from '../../machines/walletProtection.machine';
import { describeModel } from '../support/mbt';
import { mountProtection } from './protection-support';
import { isEnabled, says } from '../support/dom';

const passcodeSwitch = () => screen.queryByRole('switch', { name: 'Passcode' });

describeModel('walletProtection', {
  machine: walletProtectionMachine,
  events: {
    loading: [
      { type: 'xstate.done.actor.loadPinCodeActive', output: true },
      { type: 'xstate.done.actor.loadPinCodeActive', output: false },
      { type: 'xstate.error.actor.loadPinCodeActive', error: new Error('offline') },
    ],
    failed: [{ type: 'protection.retried' }],
    inactive: [{ type: 'passcode.toggled' }],
    active: [{ type: 'passcode.toggled' }, { type: 'change.requested' }],
  },
  mount: async ({ fakes }) => {
    const mounted = await mountProtection({ loadPinCodeActive: fakes.promise('loadPinCodeActive') });
    return { ...mounted, actor: mounted.protection };
  },
  drive: {
    'protection.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
    'passcode.toggled': (_e, h) => h.user.click(passcodeSwitch()!),
    'change.requested': (_e, h) => h.user.click(screen.getByRole('button', { name: /Change passcode/ })),
  },
  states: {
    '*': () => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Wallet protection');
      expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/settings');
      // Biometrics are unavailable here (a browser): never shown.
      expect(screen.queryByRole('switch', { name: 'Biometrics' })).toBeNull();
    },
    loading: () => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']);
      expect(passcodeSwitch()).toBeNull();
    },
    failed: () => {
      expect(screen.getByRole('alert').textContent).toContain('Could not load your protection settings.');
      expect(passcodeSwitch()).toBeNull();
    },
    inactive: (h, _s, { event }) => {
      expect(passcodeSwitch()!.getAttribute('aria-checked')).toBe('false');
      expect(screen.queryByRole('button', { name: /Change passcode/ })).toBeNull();
      expect(h.notes).toEqual(event?.type === 'passcode.toggled' ? ['set'] : []);
    },
    active: (h, _s, { event }) => {
      expect(passcodeSwitch()!.getAttribute('aria-checked')).toBe('true');
      expect(isEnabled(screen.getByRole('button', { name: /Change passcode/ })), 'enabled').toBe(true);
      const expected: Record<string, string[]> = { 'passcode.toggled': ['disable'], 'change.requested': ['change'] };
      expect(h.notes).toEqual(expected[event?.type ?? ''] ?? []);
    },
  },
});
