import { routes, say, type AuthEffects } from './effects';
import { authMessages } from './messages';

/**
 * The named actions each auth machine leaves to its page, in one place so the live pages and the
 * flow tests provide exactly the same behaviour and only the effects (router, toasts, links) differ.
 */
const errorToast = (fx: AuthEffects, message: string) => fx.toast({ kind: 'error', message });

export const loginActions = (fx: AuthEffects) => ({
  navigateHome: () => fx.navigate(routes.home),
  // Spec §8: one message for every failed sign-in, so nobody can probe which addresses exist.
  showLoginError: () => errorToast(fx, say(authMessages.loginError)),
});

export const signupActions = (fx: AuthEffects) => ({
  navigateToCheckMail: (_: unknown, params: { email: string }) => fx.navigate(routes.checkMail(params.email)),
  // Spec §8: a sign-up failure uses the login error text (field errors never reach here).
  showSignupError: () => errorToast(fx, say(authMessages.loginError)),
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
  showResetRequestError: () => errorToast(fx, say(authMessages.somethingWentWrong)),
});

export const resetActions = (fx: AuthEffects) => ({
  showPasswordChanged: () => fx.toast({ kind: 'success', message: say(authMessages.passwordChanged) }),
  navigateToLoginEmail: () => fx.navigate(routes.loginEmail),
  showResetError: () => errorToast(fx, say(authMessages.somethingWentWrong)),
});
