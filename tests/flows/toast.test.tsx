/** Toasts (spec §2, §9): visible 2 s, fade 300 ms, a new one replaces the current one. */
import { act, render, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { toastMachine, type ToastEvent } from '../../machines/toast.machine';
import { Toaster } from '../../src/ui/Toast';
import { describeModel } from '../support/mbt';

const success = { type: 'toast.shown' as const, toast: { kind: 'success' as const, message: 'Address copied' } };
const error = { type: 'toast.shown' as const, toast: { kind: 'error' as const, message: 'Something went wrong...' } };

type H = { actor: ReturnType<typeof createActor<typeof toastMachine>> };

const region = () => document.querySelector('[aria-live]') as HTMLElement;

describeModel('toast', {
  machine: toastMachine,
  events: {
    hidden: [success, error],
    visible: [success, error, { type: 'toast.dismissed' }, { type: 'xstate.after.TOAST_VISIBLE.toast.visible' }],
    fading: [success, { type: 'xstate.after.TOAST_FADE.toast.fading' }],
  },
  fakeTimers: true,
  delays: { TOAST_VISIBLE: 2000, TOAST_FADE: 300 },
  mount: () => {
    const actor = createActor(toastMachine).start();
    render(<Toaster actor={actor} />);
    return { actor };
  },
  drive: {
    'toast.shown': (e: ToastEvent, h: H) => act(() => h.actor.send(e)),
    'toast.dismissed': async (_e, h) => {
      const toast = region().firstElementChild as HTMLElement;
      await h.user.click(toast);
    },
  },
  states: {
    hidden: () => {
      expect(region().textContent).toBe('');
      expect(region().getAttribute('role')).toBe('status');
    },
    visible: (_h, s) => {
      const toast = s.context.toast!;
      const el = region().firstElementChild as HTMLElement;
      expect(el.textContent).toBe(toast.message);
      expect(el.dataset.kind).toBe(toast.kind);
      expect(el.dataset.fading).toBeUndefined();
      // Errors interrupt a screen reader; successes wait their turn.
      expect(region().getAttribute('role')).toBe(toast.kind === 'error' ? 'alert' : 'status');
      expect(region().getAttribute('aria-live')).toBe(toast.kind === 'error' ? 'assertive' : 'polite');
      expect(screen.getAllByText(toast.message)).toHaveLength(1);
    },
    fading: (_h, s) => {
      const el = region().firstElementChild as HTMLElement;
      expect(el.textContent).toBe(s.context.toast!.message);
      expect(el.dataset.fading).toBe('true');
    },
  },
});

describe('toast timing', () => {
  it('a replacement restarts the full 2 s', () => {
    vi.useFakeTimers();
    const actor = createActor(toastMachine).start();
    actor.send(success);
    vi.advanceTimersByTime(1500);
    actor.send(error);
    vi.advanceTimersByTime(1999);
    expect(actor.getSnapshot().value).toBe('visible');
    expect(actor.getSnapshot().context.toast).toEqual(error.toast);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('fading');
    vi.advanceTimersByTime(300);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context.toast).toBeNull();
  });
});
