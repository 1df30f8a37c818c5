import { createActor, fromPromise, waitFor } from 'xstate';
import { toAuthError } from '../../machines/shared/errors';
import { isFilled, emailDomain } from '../../machines/shared/validation';
import { loginMachine } from '../../machines/login.machine';
import { signupMachine, type SignupRequest } from '../../machines/signup.machine';

describe('auth error kinds', () => {
  it.each([
    [{ status: 400, error: 'invalid_grant', error_description: 'Invalid credentials' }, { kind: 'invalidCredentials' }],
    [{ error: 'invalid_grant', message: 'invalid_grant' }, { kind: 'invalidCredentials' }],
    [{ status: 401, code: 'UNAUTHORIZED', message: 'no' }, { kind: 'invalidCredentials' }],
    [{ status: 409, code: 'EMAIL_TAKEN', message: 'taken', field: 'email' }, { kind: 'emailTaken' }],
    [
      { status: 400, code: 'VALIDATION_ERROR', message: 'password too short', field: 'password' },
      { kind: 'invalidField', field: 'password', message: 'password too short' },
    ],
    [
      { status: 400, code: 'VALIDATION_ERROR', message: 'accountName bad', field: 'accountName' },
      { kind: 'server', code: 'VALIDATION_ERROR', message: 'accountName bad' },
    ],
    [
      { status: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong' },
      { kind: 'server', code: 'INTERNAL_ERROR', message: 'Something went wrong' },
    ],
    [new TypeError('Failed to fetch'), { kind: 'server', code: 'UNKNOWN', message: 'Failed to fetch' }],
    [undefined, { kind: 'server', code: 'UNKNOWN', message: '' }],
  ])('%j → %j', (error, kind) => {
    expect(toAuthError(error)).toEqual(kind);
  });

  it('treats whitespace as empty and reads domains case-insensitively', () => {
    expect(isFilled(' \t')).toBe(false);
    expect(emailDomain('X@Example.COM')).toBe('example.com');
  });
});

describe('auth machines with their actors', () => {
  it('login sends the trimmed address and the password exactly as typed', async () => {
    const sent: unknown[] = [];
    const machine = loginMachine.provide({
      actors: {
        signIn: fromPromise(async ({ input }) => {
          sent.push(input);
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'email.changed', value: '  me@example.com ' });
    actor.send({ type: 'password.changed', value: ' pass word ' });
    actor.send({ type: 'form.submitted' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ email: 'me@example.com', password: ' pass word ' }]);
  });

  it('sign-up keeps a password error while the e-mail is edited, and drops it when the password is', async () => {
    const machine = signupMachine.provide({
      actors: {
        register: fromPromise<void, SignupRequest>(() =>
          Promise.reject({ status: 400, code: 'VALIDATION_ERROR', message: 'short', field: 'password' }),
        ),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'email.changed', value: 'me@example.com' });
    actor.send({ type: 'password.changed', value: 'short' });
    actor.send({ type: 'form.submitted' });
    await waitFor(actor, (s) => s.context.error !== null);
    actor.send({ type: 'email.changed', value: 'me2@example.com' });
    expect(actor.getSnapshot().context.error).toMatchObject({ field: 'password' });
    actor.send({ type: 'password.changed', value: 'longer-password' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
