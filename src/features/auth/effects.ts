import { i18n, type MessageDescriptor } from '@lingui/core';
import type { NavigateOptions } from '@tanstack/react-router';

/**
 * What auth screens do to the world: navigate, raise a toast, open a link outside the app. Pages build
 * this from the router, the toast area and the platform; tests pass spies and read what was asked.
 */
export type NavTarget = NavigateOptions;

export type AuthEffects = {
  navigate: (target: NavTarget) => void;
  toast: (toast: { kind: 'success' | 'error'; message: string }) => void;
  openLink: (url: string) => void;
};

/** Translated at the moment the toast is raised, so a language switch is honoured. */
export const say = (descriptor: MessageDescriptor) => i18n._(descriptor);

export const routes = {
  home: { to: '/home' },
  login: { to: '/auth/login' },
  loginEmail: { to: '/auth/login/email' },
  signup: { to: '/auth/signup' },
  signupEmail: { to: '/auth/signup/email' },
  checkMail: (email: string) => ({ to: '/auth/signup/email/success', search: { email } }),
  forgot: { to: '/auth/forgot' },
  forgotSuccess: { to: '/auth/forgot-success' },
} satisfies Record<string, NavTarget | ((...args: never[]) => NavTarget)>;
