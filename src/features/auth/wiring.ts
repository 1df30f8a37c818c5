import { routes, say, type AuthEffects } from './effects';
import type { AuthError } from '../../../machines/shared/errors';
import { rateLimitedMessage } from '../errors/messages';
import { authMessages } from './messages';

/**
 * The named actions each auth machine leaves to its page, in one place so the live pages and the
 * flow tests provide exactly the same behaviour and only the effects (router, toasts, links) differ.
 */
const errorToast = (fx: AuthEffects, message: string) => fx.toast({ kind: 'error', message });
/** A rate limit reads as such everywhere; any other failure keeps the flow's own words. */
const failureToast = (fx: AuthEffects, params: { error?: AuthError } | undefined, otherwise: string) =>
  errorToast(fx, params?.error?.kind === 'rateLimited' ? say(rateLimitedMessage) : otherwise);

export const loginActions = (fx: AuthEffects) => ({
  navigateHome: () => fx.navigate(routes.home),
});

export const signupActions = (fx: AuthEffects) => ({
  navigateToCheckMail: (_: unknown, params: { email: string }) => fx.navigate(routes.checkMail(params.email)),
  // Spec §8: a sign-up failure uses the login error text (field errors never reach here).
  showSignupError: (_: unknown, params?: { error: AuthError }) =>
    failureToast(fx, params, say(authMessages.loginError)),
});

export const checkMailActions = (fx: AuthEffects) => ({
  openLink: (_: unknown, params: { url: string }) => fx.openLink(params.url),
});

export const confirmActions = (fx: AuthEffects) => ({
  showConfirmError: () => errorToast(fx, say(authMessages.confirmError)),
  navigateToLogin: () => fx.navigate(routes.login),
  navigateToLoginEmail: () => fx.navigate(routes.loginEmail),
});

export const forgotActions = (fx: AuthEffects) => ({
  navigateToSent: () => fx.navigate(routes.forgotSuccess),
  showResetRequestError: (_: unknown, params?: { error: AuthError }) =>
    failureToast(fx, params, say(authMessages.somethingWentWrong)),
});

export const resetActions = (fx: AuthEffects) => ({
  showPasswordChanged: () => fx.toast({ kind: 'success', message: say(authMessages.passwordChanged) }),
  navigateToLoginEmail: () => fx.navigate(routes.loginEmail),
  showResetError: (_: unknown, params?: { error: AuthError }) =>
    failureToast(fx, params, say(authMessages.somethingWentWrong)),
});
