import { publicHttp } from '../../src/api/http';
import { confirmEmail, confirmPasswordReset, registerUser, requestPasswordReset } from '../../src/api/authForms';

describe('auth form calls (spec §7 user management)', () => {
  it('post to prefix-relative paths with the documented bodies', async () => {
    const post = vi.spyOn(publicHttp, 'post').mockReturnValue(Promise.resolve(new Response('{}')) as never);
    await registerUser({ email: 'a@b.co', password: 'secret-12', accountName: 'Account' });
    await confirmEmail({ confirmationCode: 'c1' });
    await requestPasswordReset({ email: 'a@b.co' });
    await confirmPasswordReset({ password: 'secret-12', confirmationCode: 'c2' });
    expect(post.mock.calls).toEqual([
      ['b2c-user-management/user', { json: { email: 'a@b.co', password: 'secret-12', accountName: 'Account' } }],
      ['b2c-user-management/confirmation/confirm', { json: { confirmationCode: 'c1' } }],
      ['b2c-user-management/password-reset', { json: { email: 'a@b.co' } }],
      ['b2c-user-management/password-reset/confirm', { json: { password: 'secret-12', confirmationCode: 'c2' } }],
    ]);
  });
});
