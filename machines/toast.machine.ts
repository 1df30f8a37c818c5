import { assertEvent, assign, setup } from 'xstate';

export type ToastKind = 'success' | 'error';
export type Toast = { kind: ToastKind; message: string };

export type ToastEvent = { type: 'toast.shown'; toast: Toast } | { type: 'toast.dismissed' };

export type ToastContext = { toast: Toast | null };

/** Spec §2/§9: visible 2 s, then a 300 ms fade. */
export const TOAST_VISIBLE_MS = 2000;
export const TOAST_FADE_MS = 300;

export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
    tags: {} as 'shown' | 'fading',
  },
  delays: {
    TOAST_VISIBLE: TOAST_VISIBLE_MS,
    TOAST_FADE: TOAST_FADE_MS,
  },
  actions: {
    rememberToast: assign({
      toast: ({ event }) => {
        assertEvent(event, 'toast.shown');
        return event.toast;
      },
    }),
    forgetToast: assign({ toast: null }),
  },
}).createMachine({
  id: 'toast',
  context: { toast: null },
  initial: 'hidden',
  on: {
    // Re-entering restarts the 2 s timer, so a new toast replaces the current one in full.
    'toast.shown': { target: '.visible', reenter: true, actions: 'rememberToast' },
  },
  states: {
    hidden: { entry: 'forgetToast' },
    visible: {
      tags: ['shown'],
      after: { TOAST_VISIBLE: 'fading' },
      on: { 'toast.dismissed': 'fading' },
    },
    fading: {
      tags: ['shown', 'fading'],
      after: { TOAST_FADE: 'hidden' },
    },
  },
});
