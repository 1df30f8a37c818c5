import { i18n, type MessageDescriptor } from '@lingui/core';
import { toAuthError } from '../../machines/shared/errors';
import { toPasscodeError } from '../../machines/shared/passcode';
import { ApiError } from '../../src/api/errors';
import { activateLocale } from '../../src/i18n';
import { signupActions } from '../../src/features/auth/wiring';
import { loginErrorMessage } from '../../src/features/auth/messages';
import { serverFailureText, somethingWentWrong } from '../../src/features/errors/messages';
import { passcodeErrorText } from '../../src/features/passcode/messages';

const say = (d: MessageDescriptor) => i18n._(d);

describe('429 RATE_LIMITED reads the same in every flow, in both languages', () => {
  afterEach(() => activateLocale('en'));

  it('the gateway and the sign-in endpoint both read as rate limited', () => {
    expect(
      toAuthError(new ApiError(429, 'RATE_LIMITED', 'Too many requests: try again in 60 s', undefined, 60)),
    ).toEqual({ kind: 'rateLimited', waitSeconds: 60 });
    expect(toAuthError({ status: 429, error: 'rate_limited', error_description: 'Too many sign-in attempts' })).toEqual(
      { kind: 'rateLimited' },
    );
  });

  it.each([
    ['en', 'Too many attempts in a short time. Please wait a few minutes and try again.'],
    ['ru', 'Слишком много попыток за короткое время. Подождите несколько минут и попробуйте снова.'],
  ] as const)('%s: send, passcode and the sign-in toasts', async (locale, text) => {
    await activateLocale(locale);
    const failure = { code: 'RATE_LIMITED', message: 'Too many requests: try again in 60 s' };
    expect(serverFailureText(say, failure, somethingWentWrong)).toBe(text);
    expect(
      passcodeErrorText(i18n, toPasscodeError(new ApiError(429, 'RATE_LIMITED', failure.message, undefined, 60))),
    ).toBe(text);
    const toasts: string[] = [];
    const fx = {
      toast: ({ message }: { message: string }) => void toasts.push(message),
      navigate: () => {},
      openLink: () => {},
    };
    // The login says it under the password field (issue 22), the sign-up in a toast.
    expect(say(loginErrorMessage({ kind: 'rateLimited' })!)).toBe(text);
    signupActions(fx as never).showSignupError(undefined, { error: { kind: 'rateLimited' } });
    expect(toasts).toEqual([text]);
    // Any other failure keeps its own words.
    expect(serverFailureText(say, { code: 'X', message: 'Server says no' }, somethingWentWrong)).toBe('Server says no');
  });
});
