import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Spec §8: sign-in failure codes the error screen knows; anything else reads as the generic message. */
export const errorMessages: Record<string, MessageDescriptor> = {
  B2C_USM0022: msg({
    id: 'error_B2C_USM0022',
    message: 'Something went wrong. Please try again later or contact support.',
  }),
  B2C_USM0023: msg({
    id: 'error_B2C_USM0023',
    message: 'Your session has expired. Reopen the web app and link your account again.',
  }),
  B2C_USM0024: msg({
    id: 'error_B2C_USM0024',
    message: 'This link has already been used. Sign in to your existing account.',
  }),
  B2C_USM0025: msg({
    id: 'error_B2C_USM0025',
    message: 'The link is invalid. Reopen the web app and link your account again.',
  }),
  B2C_USM0026: msg({
    id: 'error_B2C_USM0026',
    message: 'This messenger account is already linked to another account.',
  }),
  B2C_USM0027: msg({
    id: 'error_B2C_USM0027',
    message: 'Something went wrong. Please try again later or contact support.',
  }),
};

export const somethingWentWrong = msg({ id: 'common_something_went_wrong', message: 'Something went wrong...' });

/** Only this code offers a way to reach support (spec §2). */
export const SUPPORT_CODE = 'B2C_USM0027';

/** 429 RATE_LIMITED from any gateway route or the sign-in endpoint (`rate_limited`): said in the user's language. */
export const rateLimitedMessage = msg`Too many attempts in a short time. Please wait a few minutes and try again.`;

/** 403 PASSCODE_RESET_HOLD from send, swap or sell; the hold notice next to it says until when. */
export const resetHoldRefusal = msg`Money can't leave your account yet: your passcode was reset recently.`;

export const isRateLimited = (failure: { code?: string } | null | undefined) =>
  failure?.code === 'RATE_LIMITED' || failure?.code === 'rate_limited';

/**
 * The words for a failed call whose server message is shown as is (spec §8): a rate limit in the
 * catalogue's words, any other failure in the server's, or the fallback when it has none.
 */
export function serverFailureText(
  say: (d: MessageDescriptor) => string,
  failure: { code?: string; message?: string },
  fallback: MessageDescriptor,
): string {
  if (isRateLimited(failure)) return say(rateLimitedMessage);
  if (failure.code === 'PASSCODE_RESET_HOLD') return say(resetHoldRefusal);
  return failure.message || say(fallback);
}
