/**
 * Spec §4 biometrics toggle: enabled → off; else access granted → confirm the passcode, store it as
 * the biometric token, on; else access requested before → open the settings; else request access,
 * and on a grant confirm and store. Shown only where the messenger's biometry is available (iOS)
 * and a passcode is active.
 */
import { act, screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { biometricsMachine, type BiometryStatus } from '../../machines/biometrics.machine';
import { PASSCODE_DELAY_MS } from '../../machines/shared/passcode';
import { describeModel } from '../support/mbt';
import { enterCode, padEnabled, tapAndUndo } from './passcode-support';
import { mountProtection } from './protection-support';
import { isEnabled } from '../support/dom';

const status = (accessRequested: boolean, accessGranted: boolean): BiometryStatus => ({
  accessRequested,
  accessGranted,
});
const toggle = () => screen.queryByRole('switch', { name: 'Biometrics' }) as HTMLButtonElement | null;

describeModel('biometrics', {
  machine: biometricsMachine,
  input: { enabled: false },
  events: {
    loading: [
      { type: 'xstate.done.actor.loadStatus', output: status(false, false) },
      { type: 'xstate.done.actor.loadStatus', output: status(true, false) },
      { type: 'xstate.done.actor.loadStatus', output: status(true, true) },
      { type: 'xstate.done.actor.loadStatus', output: null },
      { type: 'xstate.error.actor.loadStatus', error: new Error('Biometry init timed out') },
    ],
    ready: [{ type: 'biometrics.toggled' }],
    requesting: [
      { type: 'xstate.done.actor.requestAccess', output: true },
      { type: 'xstate.done.actor.requestAccess', output: false },
      { type: 'xstate.error.actor.requestAccess', error: new Error('Biometry access request is already in progress') },
    ],
    confirming: [
      { type: 'xstate.done.actor.confirmPasscode', output: '1234' },
      { type: 'xstate.error.actor.confirmPasscode', error: new Error('haptics crashed') },
      { type: 'confirm.cancelled' },
    ],
    storing: [
      { type: 'xstate.done.actor.storeToken' },
      { type: 'xstate.error.actor.storeToken', error: new Error('token not saved') },
    ],
  },
  classify: (s) => `${s.context.enabled}|${s.context.status?.accessRequested}|${s.context.status?.accessGranted}`,
  fakeTimers: true,
  delays: { PASSCODE_DELAY: PASSCODE_DELAY_MS },
  mount: async ({ fakes }) => {
    const mounted = await mountProtection({
      loadPinCodeActive: fromPromise(async () => true),
      biometrics: {
        loadStatus: fakes.promise('loadStatus'),
        requestAccess: fakes.promise('requestAccess'),
        storeToken: fakes.promise('storeToken'),
        validate: fakes.promise('validate'),
      },
    });
    return { ...mounted, actor: mounted.biometrics };
  },
  drive: {
    'biometrics.toggled': (_e, h) => h.user.click(toggle()!),
    'xstate.done.actor.confirmPasscode': async (e: { output?: unknown }, h) => {
      await enterCode(h.user, String(e.output));
      await act(async () => h.fakes.resolve('validate', e.output));
    },
    'xstate.error.actor.confirmPasscode': async (_e: unknown, h) => {
      h.broken.haptics = true;
      await tapAndUndo(h.user).catch(() => {});
    },
    'confirm.cancelled': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Cancel' })),
  },
  states: {
    '*': () => {
      // The passcode rows never depend on biometrics.
      if (!screen.queryByRole('heading', { name: 'Enter your passcode to turn on biometrics' })) {
        expect(screen.getByRole('switch', { name: 'Passcode' }).getAttribute('aria-checked')).toBe('true');
      }
    },
    loading: () => expect(toggle()).toBeNull(),
    unavailable: () => {
      expect(toggle()).toBeNull();
      expect(isEnabled(screen.getByRole('button', { name: /Change passcode/ })), 'enabled').toBe(true);
    },
    ready: (h, s, { event }) => {
      expect(toggle()!.getAttribute('aria-checked')).toBe(String(s.context.enabled));
      expect(toggle()!.disabled).toBe(false);
      if (event?.type === 'biometrics.toggled') {
        // On → off (only ever on with access granted); requested before but denied → the settings open.
        expect(s.context.enabled).toBe(false);
        expect(h.notes.at(-1)).toBe(s.context.status?.accessGranted ? 'flag off' : 'open settings');
      }
      if (event?.type === 'xstate.done.actor.storeToken') expect(h.notes.at(-1)).toBe('flag on');
      if (event?.type?.startsWith('xstate.error.actor.')) expect(h.notes.at(-1)).toBe('failed');
      if (event?.type === 'xstate.done.actor.requestAccess') expect(s.context.status).toEqual(status(true, false));
    },
    requesting: () => {
      expect(toggle()!.getAttribute('aria-busy')).toBe('true');
      expect(toggle()!.disabled).toBe(true);
    },
    confirming: () => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter your passcode to turn on biometrics');
      expect(padEnabled()).toBe(true);
      expect(toggle()).toBeNull();
    },
    storing: (h) => {
      expect(toggle()!.getAttribute('aria-busy')).toBe('true');
      expect(h.fakes.calls('validate').at(-1)).toEqual({ code: '1234' });
      expect(h.fakes.calls('storeToken').at(-1)).toEqual({ token: '1234' });
    },
  },
});

describe('biometrics toggle, already on', () => {
  it('turns off at once, removing the flag', async () => {
    const { notes } = await mountProtection({
      loadPinCodeActive: fromPromise(async () => true),
      biometrics: { loadStatus: fromPromise(async () => status(true, true)) },
      enabled: true,
    });
    await act(async () => {});
    expect(toggle()!.getAttribute('aria-checked')).toBe('true');
    await act(async () => toggle()!.click());
    expect(toggle()!.getAttribute('aria-checked')).toBe('false');
    expect(notes).toEqual(['flag off']);
  });

  it('is hidden without an active passcode even where biometrics exist', async () => {
    await mountProtection({
      loadPinCodeActive: fromPromise(async () => false),
      biometrics: { loadStatus: fromPromise(async () => status(true, true)) },
    });
    await act(async () => {});
    expect(screen.getByRole('switch', { name: 'Passcode' }).getAttribute('aria-checked')).toBe('false');
    expect(toggle()).toBeNull();
  });
});
