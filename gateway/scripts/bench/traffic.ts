// The bench's HTTP traffic: signed-in users polling their assets and moving money through the API.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { Pool } from 'undici';

/**
 * A bench user. `address` is the client address it comes from (sent as X-Forwarded-For to a gateway that
 * trusts the loopback proxy, as production runs behind one) so the per-address rate limits see 1,000
 * people, not one script; `passcode` is sent in the pincode header of every money request when set.
 */
export type User = { account: string; token: string; address: string; passcode?: string };

/** 10.x.y.z for user i: distinct for the first 16 million users. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const from = (address: string) => ({ 'x-forwarded-for': address });
const quantile = (sorted: number[], q: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

const post = (url: string, body: unknown, token?: string, address?: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(address ? from(address) : {}),
    },
    body: JSON.stringify(body),
  });

/**
 * Signs users in through Telegram init data (no password hashing), each with BTC and USDT_TRX and, with
 * `passcode`, that passcode turned on (the money gate then checks it on every money request).
 */
export async function signInUsers(base: string, count: number, first = 0, passcode?: string) {
  const users: User[] = [];
  const batch = 25;
  for (let start = first; start < first + count; start += batch) {
    const created = await Promise.all(
      Array.from({ length: Math.min(batch, first + count - start) }, async (_, k) => {
        const id = 900_000_000 + start + k;
        const address = addressOf(start + k);
        const { initData } = (await (
          await post(`${base}/dev/telegram/init-data`, { user: { id, first_name: `Bench ${id}` } })
        ).json()) as { initData: string };
        const signIn = await post(`${base}/b2c-user-management/auth/tg`, { initData }, undefined, address);
        if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
        const tokens = (await signIn.json()) as { access_token: string };
        const profile = (await (
          await fetch(`${base}/b2c-user-management/user`, {
            headers: { authorization: `Bearer ${tokens.access_token}`, ...from(address) },
          })
        ).json()) as { accounts: { id: string }[] };
        const account = profile.accounts[0]!.id;
        await post(
          `${base}/b2c-wallet/${account}/account/currency/list`,
          { currencies: ['BTC', 'USDT_TRX'] },
          tokens.access_token,
          address,
        );
        if (passcode) {
          const res = await post(
            `${base}/b2c-user-management/user/pinCode/enable`,
            { pinCode: passcode },
            tokens.access_token,
            address,
          );
          if (!res.ok) throw new Error(`passcode: ${res.status} ${await res.text()}`);
        }
        return { account, token: tokens.access_token, address, ...(passcode ? { passcode } : {}) };
      }),
    );
    users.push(...created);
  }
  return users;
}

export function pollAssets(base: string, users: User[], opts: { seconds: number }) {
  let next = 0;
  return autocannon({
    url: base,
    connections: users.length,
    duration: opts.seconds,
    setupClient(client: any) {
      const user = users[next++ % users.length]!;
      // setRequests, not setRequest: autocannon's setRequest replaces only the current request, and the
      // connection's next one went back to GET / (the static app): earlier flat-out figures measured that.
      client.setRequests([
        {
          method: 'GET',
          path: `/b2c-wallet/${user.account}/asset`,
          headers: { authorization: `Bearer ${user.token}`, ...from(user.address) },
        },
      ]);
    },
  } as autocannon.Options & { setupClient: (client: any) => void });
}

/** What the app really does: every user asks every 10 s, users spread evenly over the period. */
export async function pollLikeUsers(base: string, users: User[], seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  // Keep-alive connections through undici's pool: fetch cost the generator more
  // CPU than the gateway spent on the poll, on the same 2 cores, and its stalls were in the tail.
  const pool = keepAlivePool(base, 256);
  await Promise.all(
    users.map(async (user, i) => {
      await new Promise((r) => setTimeout(r, (i * 10_000) / users.length));
      while (Date.now() < end) {
        const started = performance.now();
        try {
          const res = await pool.request({
            method: 'GET',
            path: `/b2c-wallet/${user.account}/asset`,
            headers: { authorization: `Bearer ${user.token}`, ...from(user.address) },
          });
          await res.body.arrayBuffer();
          if (res.statusCode !== 200) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 10_000 - (performance.now() - started)));
      }
    }),
  );
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), count: latencies.length, errors };
}

/** Each user gets 20,000 USDT_TRX through a sandbox deposit, credited after the chain's confirmations. */
export async function fundUsers(base: string, users: User[]) {
  for (let start = 0; start < users.length; start += 50) {
    await Promise.all(
      users.slice(start, start + 50).map(async (u) => {
        const assets = (await (
          await fetch(`${base}/b2c-wallet/${u.account}/asset`, {
            headers: { authorization: `Bearer ${u.token}`, ...from(u.address) },
          })
        ).json()) as { currency: string; depositAddress: string }[];
        const usdt = assets.find((a) => a.currency === 'USDT_TRX')!;
        const res = await post(`${base}/dev/chain/deposit`, {
          currency: 'USDT_TRX',
          address: usdt.depositAddress,
          amount: '20000',
        });
        if (!res.ok) throw new Error(`deposit: ${res.status} ${await res.text()}`);
      }),
    );
  }
  const deadline = Date.now() + 120_000;
  for (const u of users) {
    for (;;) {
      const assets = (await (
        await fetch(`${base}/b2c-wallet/${u.account}/asset`, {
          headers: { authorization: `Bearer ${u.token}`, ...from(u.address) },
        })
      ).json()) as { currency: string; totalAvailable: string }[];
      if (assets.find((a) => a.currency === 'USDT_TRX')?.totalAvailable === '20000') break;
      if (Date.now() > deadline) throw new Error('deposits not credited in 120 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * One user's money traffic, in turn: a send of 1 USDT_TRX (fee 1), a swap order USDT_TRX → BTC, its
 * confirm. Every request is a money route with a fresh idempotency key (the confirm is keyed by its order).
 */
/**
 * One pool of keep-alive connections for all clients of a phase: undici's `request` costs the load
 * generator about a third of the CPU `fetch` did per request, and the generator shares the 2 cores
 * with the gateway and PostgreSQL, so what it saves is capacity the measured system gets back.
 */
export function keepAlivePool(base: string, connections: number) {
  return new Pool(base, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
}

export function moneyClient(pool: Pool, user: User, swapAmount: string, stranger: string) {
  let step = 0;
  let orderId: string | undefined;
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${user.token}`,
    ...from(user.address),
    ...(user.passcode ? { pincode: user.passcode } : {}),
  };
  return async function next(): Promise<{ ms: number; ok: boolean; kind: string; status: number }> {
    const kind = step % 3 === 0 ? 'send' : step % 3 === 1 ? 'swap order' : 'swap confirm';
    step += 1;
    const key = randomBytes(12).toString('hex');
    const [path, body] =
      kind === 'send'
        ? [
            `/b2c-wallet/${user.account}/withdrawal`,
            { currency: 'USDT_TRX', amount: '1', depositAddress: stranger, idempotencyKey: key },
          ]
        : kind === 'swap order'
          ? [
              `/b2c-wallet/${user.account}/exchange`,
              { sourceCurrency: 'USDT_TRX', destinationCurrency: 'BTC', sourceAmount: swapAmount, idempotencyKey: key },
            ]
          : [`/b2c-wallet/${user.account}/exchange/confirm/${orderId}`, {}];
    const started = performance.now();
    let status = 0;
    try {
      const res = await pool.request({ method: 'POST', path, headers, body: JSON.stringify(body) });
      status = res.statusCode;
      const json = (await res.body.json()) as { id?: string; state?: string };
      if (kind === 'swap order') orderId = json.id;
      // A confirm answered 200 but FAILED moved nothing: count it as an error, not a swap.
      const ok = status >= 200 && status < 300 && !(kind === 'swap confirm' && json.state === 'FAILED');
      return { ms: performance.now() - started, ok, kind, status };
    } catch {
      return { ms: performance.now() - started, ok: false, kind, status };
    }
  };
}

function summarize(results: { ms: number; ok: boolean; kind: string; status: number }[], seconds: number) {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const failed = results.filter((r) => !r.ok);
  const byStatus = new Map<string, number>();
  for (const f of failed) byStatus.set(`${f.kind} ${f.status}`, (byStatus.get(`${f.kind} ${f.status}`) ?? 0) + 1);
  return {
    perSecond: results.length / seconds,
    p50: quantile(ms, 0.5),
    p99: quantile(ms, 0.99),
    count: results.length,
    errors: failed.length,
    errorKinds: [...byStatus].map(([k, n]) => `${k}: ${n}`).join(', '),
    kinds: ['send', 'swap order', 'swap confirm']
      .map((k) => `${results.filter((r) => r.kind === k && r.ok).length} ${k}s`)
      .join(', '),
  };
}

/** Open loop: `rate` requests/s in all, each user starting one every users/rate seconds, staggered. */
export async function moneyAtRate(
  clients: (() => ReturnType<ReturnType<typeof moneyClient>>)[],
  rate: number,
  seconds: number,
) {
  const results: Awaited<ReturnType<ReturnType<typeof moneyClient>>>[] = [];
  const period = (clients.length / rate) * 1000;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    clients.map(async (next, i) => {
      let due = started + (i * period) / clients.length;
      for (;;) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (performance.now() >= end) return;
        results.push(await next());
        due += period; // a late answer delays this user's next request (the swap confirm needs its order)
      }
    }),
  );
  return summarize(results, (performance.now() - started) / 1000);
}

/** Closed loop: every user keeps one money request in flight for `seconds`. */
export async function moneyFlatOut(clients: (() => ReturnType<ReturnType<typeof moneyClient>>)[], seconds: number) {
  const results: Awaited<ReturnType<ReturnType<typeof moneyClient>>>[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    clients.map(async (next) => {
      while (performance.now() < end) results.push(await next());
    }),
  );
  return summarize(results, (performance.now() - started) / 1000);
}
