import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { sellOrders } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { checkSellInvariants } from '../src/sell/invariants.js';
import { createTestApp, type TestApp } from './support/app.js';
import { standaloneDigits } from './support/logs.js';
import { fund, walletUser, type WalletUser } from './wallet-support.js';
import { waitFor } from './withdraw-support.js';

/** Luhn-valid test cards: Sberbank MIR (payouts accepted) and T-Bank MIR (refused: only SBR). */
export const SBER_CARD = '2202200000000008';
export const SBER_VISA_CARD = '4276000000000009';
export const TBANK_CARD = '2200700000000009';

export const newKey = () => `sell-${randomBytes(12).toString('hex')}`;

export async function sellCall(
  t: TestApp,
  u: WalletUser,
  method: 'GET' | 'POST',
  path: string,
  body?: object | string,
  pincode?: string,
  account = u.account,
) {
  const res = await t.app.inject({
    method,
    url: `/b2c-wallet/c2f/${account}${path}`,
    ...(body !== undefined ? { payload: body } : {}),
    headers: {
      authorization: `Bearer ${u.token}`,
      ...(pincode !== undefined ? { pincode } : {}),
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as any, headers: res.headers };
}

export async function sellRate(t: TestApp, u: WalletUser, currency = 'USDT_TRX') {
  const res = await sellCall(t, u, 'POST', `/rate/RUB/${currency}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { rate: string; rateId: string; expiresAt: string };
}

export const byCard = (t: TestApp, u: WalletUser, body: Record<string, unknown>, pincode?: string) =>
  sellCall(
    t,
    u,
    'POST',
    '/order/byCard',
    {
      card: SBER_CARD,
      currency: 'USDT_TRX',
      fiatCurrency: 'RUB',
      fiatAmount: '1000',
      bankCode: 'SBR',
      bankSystem: 'MIR',
      saveCard: false,
      idempotencyKey: newKey(),
      ...body,
    },
    pincode,
  );

export const bySavedCard = (t: TestApp, u: WalletUser, body: Record<string, unknown>, pincode?: string) =>
  sellCall(
    t,
    u,
    'POST',
    '/order/bySavedCard',
    {
      currency: 'USDT_TRX',
      fiatCurrency: 'RUB',
      fiatAmount: '1000',
      idempotencyKey: newKey(),
      ...body,
    },
    pincode,
  );

export const setPayouts = async (t: TestApp, patch: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/dev/sell/payouts', payload: patch });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

export async function orderOf(t: TestApp, u: WalletUser, id: string) {
  return (await sellCall(t, u, 'GET', `/order/${id}`)).body;
}

export const settledSell = (t: TestApp, u: WalletUser, id: string) =>
  waitFor(`sell ${id} settled`, async () => {
    const o = await orderOf(t, u, id);
    return o.state !== 'IN_PROGRESS' ? o : undefined;
  });

/** Every row of every table as text, to search for a card number. */
export async function dumpDatabase(t: TestApp): Promise<string> {
  const tables = (await t.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const parts: string[] = [];
  for (const { table_name: name } of tables.rows) {
    const rows = (await t.db.execute(sql.raw(`select t::text as row from "${name}" t`))) as unknown as {
      rows: { row: string }[];
    };
    parts.push(`${name}\n${rows.rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}

/** "1234.56" → 123456n with the given decimals. */
export const minor = (decimal: string, decimals: number) => {
  const [w, f = ''] = decimal.split('.');
  return BigInt(w! + f.padEnd(decimals, '0'));
};

/**
 * A sell test file's gateway: its log captured line by line (searched for card numbers at the end), alice
 * and bob with 1000 USDT each, payouts answering after 100 ms; the ledger and sell invariants checked after
 * every test. `aliceSavedCard`: alice has sold once to the Sberbank card and saved it, as a file's earlier
 * tests would have. Read the fields inside tests (they are set in beforeAll).
 */
export function sellSuite(opts: { aliceSavedCard?: boolean } = {}) {
  const suite = { logLines: [] as string[] } as { t: TestApp; alice: WalletUser; bob: WalletUser; logLines: string[] };
  const stream = new Writable({
    write(chunk, _enc, done) {
      suite.logLines.push(String(chunk));
      done();
    },
  });
  beforeAll(async () => {
    suite.t = await createTestApp({ logger: { level: 'trace', stream } });
    suite.alice = await walletUser(suite.t, 'alice');
    suite.bob = await walletUser(suite.t, 'bob');
    await fund(suite.t, suite.alice, 'USDT_TRX', 1_000_000_000n); // 1000 USDT
    await fund(suite.t, suite.bob, 'USDT_TRX', 1_000_000_000n);
    await setPayouts(suite.t, { delayMs: 100, unavailable: false, failNextPayouts: 0 });
    if (opts.aliceSavedCard) {
      const { rateId } = await sellRate(suite.t, suite.alice);
      const saved = await byCard(suite.t, suite.alice, { fixedRateId: rateId, saveCard: true });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      await settledSell(suite.t, suite.alice, saved.body.id);
    }
  });
  afterAll(async () => suite.t?.close());
  afterEach(async () => {
    expect(await checkLedgerInvariants(suite.t.db)).toEqual([]);
    expect(await checkSellInvariants(suite.t.db)).toEqual([]);
  });
  return suite;
}

/**
 * The file's last test: after all its sells (more than `minSells` of alice's), neither the database nor the
 * log holds a full card number, a malformed body's error does not echo one, and the log's redaction hides a
 * body's card and a passcode header.
 */
export async function expectNoFullCardNumbers(
  { t, alice, logLines }: ReturnType<typeof sellSuite>,
  minSells: number,
): Promise<void> {
  // A malformed body carrying a number: the error must not echo it either.
  const broken = await sellCall(t, alice, 'POST', '/order/byCard', `{"card":"${SBER_CARD}",`);
  expect(broken.status).toBe(400);
  expect(JSON.stringify(broken.body)).not.toContain(SBER_CARD);
  const [sells] = await t.db
    .select({ n: count() })
    .from(sellOrders)
    .where(and(eq(sellOrders.accountId, alice.account)));
  expect(sells!.n).toBeGreaterThan(minSells);
  // The redaction itself: a later change that logs a body or the headers still writes no number or passcode.
  t.app.log.warn({ body: { card: SBER_CARD }, req: { headers: { pincode: '2468' } } }, 'redaction probe');
  const probe = logLines.find((l) => l.includes('redaction probe'));
  expect(probe).toContain('[redacted]');
  expect(probe).not.toMatch(standaloneDigits('2468'));
  const dump = await dumpDatabase(t);
  expect(dump).toContain('220220******0008');
  const log = logLines.join('');
  expect(log).toContain('/order/byCard');
  for (const number of [SBER_CARD, SBER_VISA_CARD, TBANK_CARD, '2202 2000 0000 0008', '2202-2000-0000-0008']) {
    expect(dump.includes(number), `database holds ${number}`).toBe(false);
    expect(log.includes(number), `log holds ${number}`).toBe(false);
  }
  console.log(
    `[figures] sell card data: ${dump.length} characters of database dump and ${logLines.length} log lines searched, 0 full card numbers`,
  );
}
