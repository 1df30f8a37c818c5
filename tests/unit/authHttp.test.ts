import { createActor, fromPromise } from 'xstate';
import { publicHttp } from '../../src/api/http';
import { createAuthHttp, type SessionPort } from '../../src/api/authHttp';
import { ApiError } from '../../src/api/errors';
import { createSessionPort } from '../../src/app/sessionPort';
import { sessionMachine, type RestoredSession, type SessionUser } from '../../machines/session.machine';

type Reply = { status: number; body?: unknown };

/** A fetch that answers from a script and records the Authorization header of every call. */
function scriptedFetch(replies: Reply[]) {
  const seen: Array<{ url: string; method: string; auth: string | null; body: string }> = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push({
      url: request.url,
      method: request.method,
      auth: request.headers.get('Authorization'),
      body: await request.clone().text(),
    });
    const reply = replies.shift() ?? { status: 500 };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch, seen };
}

function fakePort(renewTo: string | null) {
  let token = 'old';
  const port: SessionPort & { renewCalls: Array<string | null>; signedOut: number } = {
    renewCalls: [],
    signedOut: 0,
    accessToken: () => token,
    async renew(rejected) {
      port.renewCalls.push(rejected);
      if (renewTo) token = renewTo;
      return renewTo;
    },
    signOutSilently: () => {
      port.signedOut += 1;
    },
  };
  return port;
}

const client = (fetch: typeof globalThis.fetch, port: SessionPort) =>
  createAuthHttp(
    publicHttp.extend({ fetch, prefix: 'http://gateway.test', retry: { limit: 2, methods: ['get'], delay: () => 0 } }),
    port,
  );

describe('authHttp: bearer token and the 401 rule (spec §7)', () => {
  it('sends the access token as a bearer token', async () => {
    const { fetch, seen } = scriptedFetch([{ status: 200, body: { ok: true } }]);
    await expect(client(fetch, fakePort('new')).get('b2c-user-management/user').json()).resolves.toEqual({ ok: true });
    expect(seen[0].auth).toBe('Bearer old');
  });

  it('on a 401 renews the session and retries once with the new token', async () => {
    const { fetch, seen } = scriptedFetch([{ status: 401 }, { status: 200, body: { email: 'a@b.c' } }]);
    const port = fakePort('new');
    await expect(client(fetch, port).get('b2c-user-management/user').json()).resolves.toEqual({ email: 'a@b.c' });
    expect(seen.map((s) => s.auth)).toEqual(['Bearer old', 'Bearer new']);
    expect(port.renewCalls).toEqual(['old']);
    expect(port.signedOut).toBe(0);
  });

  it('retries a POST with its body intact (POSTs are otherwise never retried)', async () => {
    const { fetch, seen } = scriptedFetch([{ status: 401 }, { status: 204 }]);
    await client(fetch, fakePort('new')).post('b2c-user-management/user/language/RUS', { json: { a: 1 } });
    expect(seen.map((s) => [s.method, s.auth, s.body])).toEqual([
      ['POST', 'Bearer old', '{"a":1}'],
      ['POST', 'Bearer new', '{"a":1}'],
    ]);
  });

  it('signs out silently on a second 401 and fails the call', async () => {
    const { fetch, seen } = scriptedFetch([
      { status: 401 },
      { status: 401, body: { code: 'UNAUTHORIZED', message: 'no' } },
    ]);
    const port = fakePort('new');
    const error = await client(fetch, port)
      .get('b2c-user-management/user')
      .json()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(seen).toHaveLength(2);
    expect(port.renewCalls).toHaveLength(1);
    expect(port.signedOut).toBe(1);
  });

  it('does not retry when re-authentication failed (the session already signed out)', async () => {
    const { fetch, seen } = scriptedFetch([{ status: 401 }]);
    const port = fakePort(null);
    const error = await client(fetch, port)
      .get('x')
      .json()
      .catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('leaves other errors alone', async () => {
    const { fetch } = scriptedFetch([{ status: 403, body: { code: 'FORBIDDEN', message: 'nope' } }]);
    const port = fakePort('new');
    const error = await client(fetch, port)
      .post('x')
      .json()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(port.renewCalls).toHaveLength(0);
  });
});

describe('authHttp with the real session machine', () => {
  const user = (token: string): SessionUser => ({
    accessToken: token,
    refreshToken: 'r',
    expiresAt: Math.floor(Date.now() / 1000) + 300,
    profile: { sub: 'u1', email: 'a@b.c' },
  });

  function startSession(renew: () => Promise<SessionUser>, isTelegram = false) {
    const removed: number[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          restoreSession: fromPromise<RestoredSession>(async () => ({
            user: user('old'),
            isTelegram,
            linkToken: null,
          })),
          signinSilent: fromPromise(renew),
          signInWithInitData: fromPromise(renew),
        },
        actions: { removeStoredUser: () => void removed.push(1) },
      }),
    ).start();
    return { actor, removed, port: createSessionPort(() => actor) };
  }

  it.each([false, true])(
    'renews through the session (messenger: %s) and retries with its new token',
    async (isTelegram) => {
      const { actor, port } = startSession(async () => user('fresh'), isTelegram);
      await vi.waitFor(() => expect(actor.getSnapshot().hasTag('signedIn')).toBe(true));
      const { fetch, seen } = scriptedFetch([{ status: 401 }, { status: 200, body: {} }]);
      await client(fetch, port).get('x').json();
      expect(seen.map((s) => s.auth)).toEqual(['Bearer old', 'Bearer fresh']);
      expect(actor.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    },
  );

  it('renews once for several requests rejected together', async () => {
    let renewals = 0;
    const { actor, port } = startSession(async () => {
      renewals += 1;
      return user('fresh');
    });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('signedIn')).toBe(true));
    const { fetch, seen } = scriptedFetch([
      { status: 401 },
      { status: 401 },
      { status: 200, body: {} },
      { status: 200, body: {} },
    ]);
    const http = client(fetch, port);
    await Promise.all([http.get('a').json(), http.get('b').json()]);
    expect(renewals).toBe(1);
    expect(seen.slice(2).map((s) => s.auth)).toEqual(['Bearer fresh', 'Bearer fresh']);
  });

  it('signs out silently when re-authentication fails', async () => {
    const { actor, removed, port } = startSession(async () => {
      throw new Error('refresh token expired');
    });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('signedIn')).toBe(true));
    const { fetch } = scriptedFetch([{ status: 401 }]);
    await expect(client(fetch, port).get('x').json()).rejects.toMatchObject({ status: 401 });
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(removed.length).toBeGreaterThan(0);
  });

  it('signs out silently on a second 401 after renewal', async () => {
    const { actor, removed, port } = startSession(async () => user('fresh'));
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('signedIn')).toBe(true));
    const { fetch } = scriptedFetch([{ status: 401 }, { status: 401 }]);
    await expect(client(fetch, port).get('x').json()).rejects.toMatchObject({ status: 401 });
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(removed.length).toBeGreaterThan(0);
  });
});
