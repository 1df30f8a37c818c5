import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { PasscodeError } from '../../../machines/shared/passcode';
import { serverFailureText } from '../errors/messages';

/** Spec §8 keys keep their ids (error_APP_0001, error_B2C_USM00xx) so catalogues can translate them. */
export const passcodeMessages = {
  mismatch: msg({ id: 'error_APP_0001', message: 'Pin codes do not match' }),
  wrong: msg({ id: 'error_B2C_USM0031', message: 'Incorrect passcode. Please try again.' }),
  wait: msg({
    id: 'error_B2C_USM0030',
    message: 'Too many wrong attempts. Please wait before entering the passcode again.',
  }),
  blocked: msg({ id: 'error_B2C_USM0032', message: 'Your passcode is blocked after too many wrong attempts.' }),
  blockedHelp: msg`To unblock it, reset your password: we sign you out and e-mail you a link to set a new one.`,
  somethingWentWrong: msg({ id: 'common_something_went_wrong', message: 'Something went wrong...' }),
};

/** The words for a passcode error: the catalogue's for known codes, the server's own message otherwise (spec §8). */
export function passcodeErrorText(i18n: I18n, error: PasscodeError): string {
  switch (error.kind) {
    case 'mismatch':
      return i18n._(passcodeMessages.mismatch);
    case 'wrong':
      return i18n._(passcodeMessages.wrong);
    case 'wait':
      return i18n._(passcodeMessages.wait);
    case 'blocked':
      return i18n._(passcodeMessages.blocked);
    case 'server':
      return serverFailureText((d) => i18n._(d), error, passcodeMessages.somethingWentWrong);
  }
}

/** 75 → "01:15": the lockout countdown, in the one mm:ss of every countdown. */
export { countdownText as formatCountdown } from '../../../machines/shared/countdown';
