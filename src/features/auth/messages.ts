import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AuthError, FormField } from '../../../machines/shared/errors';
import { rateLimitedMessage } from '../errors/messages';

/** Spec §8 keys keep their catalogue ids; the rest are ours and get generated ids. */
export const authMessages = {
  loginError: msg({ id: 'auth_login_error', message: 'Wrong address or password. Please check entered information.' }),
  confirmError: msg({ id: 'auth_confirm_error', message: "Confirmation code doesn't exists!" }),
  somethingWentWrong: msg({ id: 'common_something_went_wrong', message: 'Something went wrong...' }),
  passwordChanged: msg`Your password has been changed. Log in with the new one.`,
  emailTaken: msg`An account with this e-mail already exists. Log in or use another address.`,
};

// The server's own validation text is English and technical; each field gets a sentence of ours.
const fieldMessages: Record<FormField, MessageDescriptor> = {
  email: msg`Enter a valid e-mail address, like name@example.com.`,
  password: msg`The password must be 8 to 128 characters long.`,
};

/** The inline message for a field, or null when the error belongs elsewhere. */
export function fieldMessage(error: AuthError | null, field: FormField): MessageDescriptor | null {
  if (error?.kind === 'invalidField' && error.field === field) return fieldMessages[field];
  if (error?.kind === 'emailTaken' && field === 'email') return authMessages.emailTaken;
  return null;
}

/**
 * A failed sign-in, said under the password field: spec §8's one message for every refusal (so nobody can
 * probe which addresses exist), a rate limit in its own words.
 */
export const loginErrorMessage = (error: AuthError | null): MessageDescriptor | null =>
  error === null ? null : error.kind === 'rateLimited' ? rateLimitedMessage : authMessages.loginError;
