import { expect } from 'vitest';
import type { TestApp } from './app.js';

export async function json<T = any>(t: TestApp, method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const res = await t.app.inject({
    method,
    url,
    ...(body !== undefined ? { payload: body as object } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T, headers: res.headers };
}

async function mailsTo(t: TestApp, to: string) {
  const res = await json<{ to: string; subject: string; text: string; links: string[] }[]>(
    t,
    'GET',
    `/dev/mail?to=${encodeURIComponent(to)}`,
  );
  expect(res.status).toBe(200);
  expect(res.body.length).toBeGreaterThan(0);
  return res.body;
}

export async function latestMail(t: TestApp, to: string) {
  return (await mailsTo(t, to))[0]!;
}

/**
 * The code at the end of the newest mailed link to `to` matching `pathPart`. Searched through the outbox, newest
 * first, not read from the newest mail alone: notification e-mails (a deposit, a passcode turned on) are written
 * by a job worker a poll later, and under load one landed after a reset's mail (a clean-clone run, 2026-12-08).
 */
export async function mailedCode(t: TestApp, to: string, pathPart: string): Promise<string> {
  const mails = await mailsTo(t, to);
  const link = mails.flatMap((m) => m.links).find((l) => l.includes(pathPart));
  expect(
    link,
    `a mail to ${to} has a ${pathPart} link (subjects: ${mails.map((m) => m.subject).join('; ')})`,
  ).toBeTruthy();
  return link!.slice(link!.lastIndexOf('/') + 1);
}

export async function signUp(t: TestApp, email: string, password = 'correct horse') {
  const res = await json<{ id: string; email: string }>(t, 'POST', '/b2c-user-management/user', {
    email,
    password,
    accountName: 'Account',
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** A confirmed e-mail user and a session for it, the way the login screen would end up. */
export async function confirmedUser(t: TestApp, email: string, password = 'correct horse') {
  const user = await signUp(t, email, password);
  const code = await mailedCode(t, email, '/auth/signup/confirm/');
  expect((await json(t, 'POST', '/b2c-user-management/confirmation/confirm', { confirmationCode: code })).status).toBe(
    200,
  );
  const check = await t.app.users.checkPassword(email, password);
  expect(check.ok).toBe(true);
  const session = await t.app.idp.issueSession(user.id);
  return { ...user, token: session.access_token };
}

let tgId = 700_000_000;
export const nextTelegramId = () => ++tgId + Math.floor(Math.random() * 1000) * 1000;

export async function initDataFor(
  t: TestApp,
  user: { id: number; first_name?: string; username?: string; language_code?: string },
  extra: { auth_date?: number; start_param?: string } = {},
) {
  const res = await json<{ initData: string }>(t, 'POST', '/dev/telegram/init-data', {
    user: { first_name: 'Test', ...user },
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.initData;
}
