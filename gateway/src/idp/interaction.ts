import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { INTERACTION_PATH } from './constants.js';
import type { UserCredentials } from './userCredentials.js';
import { loginPage, pagePolicy } from './pages.js';
import { hasControlCharacters, withoutControlCharacters } from '../http/controlChars.js';
import { readForm, send } from './http.js';
import { DomainError } from '../domain/errors.js';
import type { RateLimiter } from '../http/rateLimit.js';
import { clientAddressOf } from './mount.js';
import type { SignInRecorder } from './grants.js';

const LOGIN_ERRORS = {
  invalid: 'Wrong address or password. Please check entered information.',
  unconfirmed: 'Account is not fully set up. Confirm your e-mail first.',
} as const;

/**
 * The sign-in page the authorization endpoint sends the browser to. The app normally signs in with
 * the password grant; this page only exists so the code + PKCE flow works end to end.
 */
export function createInteractionHandler(deps: {
  provider: Provider;
  users: UserCredentials;
  mountPath: string;
  appOrigins: readonly string[];
  limiter?: RateLimiter;
  recordSignIn?: SignInRecorder;
}) {
  const policy = pagePolicy(deps.appOrigins);
  const html = (res: ServerResponse, status: number, body: string) =>
    send(res, status, body, 'text/html; charset=utf-8', {
      'Cache-Control': 'no-store',
      'Content-Security-Policy': policy,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });

  return async function interaction(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const match = new RegExp(`^${INTERACTION_PATH}/([\\w-]+)(/abort)?$`).exec(path);
    if (!match) return html(res, 404, '<p>Not found</p>');
    const [, uid, abort] = match;
    let details;
    try {
      details = await deps.provider.interactionDetails(req, res);
    } catch {
      return html(res, 400, '<p>This sign-in request has expired. Go back to the app and try again.</p>');
    }
    if (details.uid !== uid || details.prompt.name !== 'login') {
      return html(res, 400, '<p>Unexpected sign-in request.</p>');
    }
    const action = `${deps.mountPath}${INTERACTION_PATH}/${uid}`;

    if (req.method === 'GET') return html(res, 200, loginPage({ action }));
    if (req.method !== 'POST') return html(res, 405, '<p>Method not allowed</p>');

    if (abort) {
      const result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
      return deps.provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    const form = await readForm(req);
    const email = form.get('email') ?? '';
    const bad = ['email', 'password'].find((name) => hasControlCharacters(form.get(name) ?? ''));
    if (bad) {
      return html(
        res,
        400,
        loginPage({
          action,
          email: withoutControlCharacters(email),
          error: `The ${bad === 'email' ? 'e-mail' : 'password'} must not contain control characters.`,
        }),
      );
    }
    try {
      await deps.limiter?.consume('signIn', { ip: clientAddressOf(req), account: email });
    } catch (err) {
      if (!(err instanceof DomainError) || err.waitSeconds === undefined) throw err;
      res.setHeader('Retry-After', String(err.waitSeconds));
      const minutes = Math.ceil(err.waitSeconds / 60);
      return html(
        res,
        429,
        loginPage({
          action,
          email,
          error: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        }),
      );
    }
    const check = await deps.users.checkPassword(email, form.get('password') ?? '');
    if (!check.ok) return html(res, 200, loginPage({ action, email, error: LOGIN_ERRORS[check.reason] }));
    // This page keeps no device id: its sign-ins share the user's one id-less entry (security/devices.ts).
    await deps.recordSignIn?.(check.userId, { userAgent: req.headers['user-agent'], via: 'browser' });
    await deps.provider.interactionFinished(
      req,
      res,
      { login: { accountId: check.userId } },
      { mergeWithLastSubmission: false },
    );
  };
}
