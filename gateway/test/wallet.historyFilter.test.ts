import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { seedHistory } from './history-support.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';

let t: TestApp;
let alice: WalletUser;
const ids: Record<string, string> = {};

const page = (body: unknown, u = alice) =>
  call(t, 'POST', `/b2c-wallet/${u.account}/asset/transactions`, body, u.token);
const idsOf = (body: { content: { id: string }[] }) =>
  body.content.map((x) => Object.keys(ids).find((k) => ids[k] === x.id) ?? x.id);

const day = (d: number, h = 12) => new Date(Date.UTC(2026, 1, d, h));
const POISON = 'TXyzAbCdEfGh1234567890PoisonAbCdE';

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'alice');
  // One row of each kind and state, a day apart (newest last), two sharing one instant to test the id tiebreak.
  const rows = {
    received: {
      currency: 'BTC',
      transactionType: 'DEPOSIT',
      amount: 150_000_000n,
      fromAddress: 'bc1qsender0001',
      hash: 'aa11',
      createdAt: day(1),
    },
    // A card buy as buy/settle.ts writes it: F2C, no chain hash.
    bought: {
      currency: 'BTC',
      transactionType: 'F2C',
      amount: 2_000_000n,
      createdAt: day(2),
    },
    sent: {
      currency: 'BTC',
      transactionType: 'WITHDRAWAL',
      amount: 30_000n,
      toAddress: 'bc1qfriend9999',
      hash: 'BB22cc',
      state: 'FAILED',
      createdAt: day(3),
    },
    swapped: {
      currency: 'ETH',
      transactionType: 'EXCHANGE',
      amount: 10n ** 18n,
      fromCurrency: 'ETH',
      toCurrency: 'BTC',
      fromAmount: 10n ** 18n,
      toAmount: 5_000_000n,
      createdAt: day(4),
    },
    sold: {
      currency: 'USDT_TRX',
      transactionType: 'C2F',
      amount: 12_345_678n,
      state: 'IN_PROGRESS',
      toAddress: POISON,
      createdAt: day(5),
    },
    tieA: { currency: 'TON', transactionType: 'DEPOSIT', amount: 1n, createdAt: day(6) },
    tieB: { currency: 'TON', transactionType: 'DEPOSIT', amount: 2n, createdAt: day(6) },
  } as const;
  const inserted = await seedHistory(
    t,
    alice.account,
    Object.values(rows).map((r) => ({ ...r })),
  );
  Object.keys(rows).forEach((k, i) => {
    ids[k] = inserted[i]!;
  });
});
afterAll(async () => t?.close());

describe('history filters', () => {
  it('keeps spec §7 shape and says where the next page starts', async () => {
    const res = await page({ pageSize: 100 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalElements: 7, totalPages: 1, pageNumber: 1, pageSize: 100, nextCursor: null });
    const ties = [ids.tieA!, ids.tieB!]
      .sort()
      .reverse()
      .map((id) => (id === ids.tieA ? 'tieA' : 'tieB'));
    expect(idsOf(res.body)).toEqual([...ties, 'sold', 'swapped', 'sent', 'bought', 'received']);
  });

  it('pages by cursor, newest first and oldest first, without gaps or repeats', async () => {
    for (const sort of ['DESC', 'ASC'] as const) {
      const all = idsOf((await page({ sort })).body);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await page({ sort, pageSize: 2, ...(cursor ? { cursor } : {}) });
        expect(res.status).toBe(200);
        expect(res.body.totalElements).toBe(7);
        seen.push(...idsOf(res.body));
        cursor = res.body.nextCursor ?? undefined;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(4);
      expect(seen).toEqual(all);
    }
  });

  it('a row added after page 1 neither repeats nor hides a row on page 2', async () => {
    const first = await page({ pageSize: 3 });
    const [newer] = await seedHistory(t, alice.account, [
      { currency: 'TON', transactionType: 'DEPOSIT', amount: 3n, createdAt: day(7) },
    ]);
    const second = await page({ pageSize: 3, cursor: first.body.nextCursor });
    expect(idsOf(second.body)).toEqual(['swapped', 'sent', 'bought']);
    expect(second.body.content.map((x: { id: string }) => x.id)).not.toContain(newer);
    await t.db.execute(`delete from wallet_transactions where id = '${newer}'`);
  });

  it('filters by asset, kind, state, date range and search, and combines them', async () => {
    const cases: [object, string[]][] = [
      [{ currency: 'BTC' }, ['sent', 'bought', 'received']],
      [{ kinds: ['received'] }, ['tieA', 'tieB', 'received'].sort()],
      [{ kinds: ['bought'] }, ['bought']],
      [{ kinds: ['sent', 'sold'] }, ['sold', 'sent']],
      [{ kinds: ['swapped'] }, ['swapped']],
      [{ states: ['FAILED', 'IN_PROGRESS'] }, ['sold', 'sent']],
      [{ createdFrom: '2026-02-02T00:00:00Z', createdBefore: '2026-02-04T00:00:00Z' }, ['sent', 'bought']],
      // The range is in the user's own time zone: 2 Feb 12:00 UTC is 3 Feb 01:00 at +13:00.
      [{ createdFrom: '2026-02-03T00:00:00+13:00' }, ['tieA', 'tieB', 'sold', 'swapped', 'sent', 'bought'].sort()],
      [{ search: 'bb22' }, ['sent']],
      [{ search: 'FRIEND9' }, ['sent']],
      [{ search: 'bc1q' }, ['sent', 'received']],
      [{ search: 'poisonabcd' }, ['sold']],
      // Wildcards typed by the user match themselves only.
      [{ search: '%' }, []],
      [{ search: '_' }, []],
      [{ currency: 'BTC', kinds: ['received', 'sent'], states: ['COMPLETED'] }, ['received']],
    ];
    for (const [filter, expected] of cases) {
      const res = await page(filter);
      expect(res.status, JSON.stringify(filter)).toBe(200);
      const got = idsOf(res.body);
      expect(expected.includes('tieA') ? [...got].sort() : got, JSON.stringify(filter)).toEqual(expected);
      expect(res.body.totalElements, JSON.stringify(filter)).toBe(expected.length);
    }
  });

  it('a filtered cursor page stays within the filter', async () => {
    const p1 = await page({ kinds: ['received', 'sent', 'bought'], pageSize: 2 });
    expect(idsOf(p1.body)).toHaveLength(2);
    const p2 = await page({ kinds: ['received', 'sent', 'bought'], pageSize: 2, cursor: p1.body.nextCursor });
    expect(p2.body.nextCursor).not.toBeNull();
    const p3 = await page({ kinds: ['received', 'sent', 'bought'], pageSize: 2, cursor: p2.body.nextCursor });
    expect([...idsOf(p1.body), ...idsOf(p2.body), ...idsOf(p3.body)].slice(2)).toEqual(['sent', 'bought', 'received']);
    expect(p3.body.nextCursor).toBeNull();
  });

  it('refuses a bad filter or cursor with a clear 400', async () => {
    const bad: [object, string?][] = [
      [{ kinds: ['gifted'] }],
      [{ kinds: [] }],
      [{ kinds: ['sent', 'sent'] }],
      [{ states: ['PENDING'] }],
      [{ createdFrom: '2026-02-30' }],
      [{ createdFrom: 'yesterday' }],
      [{ search: '' }],
      [{ search: 'x'.repeat(129) }],
      [{ createdFrom: '2026-02-30T00:00:00Z' }, 'INVALID_DATE'],
      [{ createdFrom: '2026-02-05T00:00:00Z', createdBefore: '2026-02-05T00:00:00Z' }, 'INVALID_DATE_RANGE'],
      [{ cursor: 'not-a-cursor' }, 'INVALID_CURSOR'],
      [
        { cursor: Buffer.from(JSON.stringify(["2026-01-01T00:00:00Z'; drop table x", 'x'])).toString('base64url') },
        'INVALID_CURSOR',
      ],
    ];
    for (const [body, code] of bad) {
      const res = await page(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (code) expect(res.body.code, JSON.stringify(body)).toBe(code);
    }
  });

  it('refuses dates PostgreSQL or JavaScript cannot hold (years before 1970 or after 9999) with 400 INVALID_DATE', async () => {
    const bad: [string, string][] = [
      // Issue 20 item 5: both were 500s (year 0 does not exist in PostgreSQL; +14:00 moves year 1 into year 0).
      ['createdFrom', '0000-01-01T00:00Z'],
      ['createdFrom', '0001-01-01T00:00+14:00'],
      ['createdBefore', '0000-01-01T00:00Z'],
      ['createdFrom', '1969-12-31T23:59:59Z'],
      // Year 9999 at -14:00 is year 10000 in UTC.
      ['createdBefore', '9999-12-31T23:00-14:00'],
      ['createdFrom', '2026-02-29T00:00Z'],
      ['createdFrom', '2026-04-31T00:00:00+02:00'],
      ['createdFrom', '2026-01-01T24:30Z'],
      ['createdFrom', '2026-01-01T00:60Z'],
      ['createdFrom', '2026-01-01T00:00+25:00'],
      ['createdFrom', '2026-01-01T00:00-14:30'],
    ];
    const answers = await Promise.all(
      bad.map(async ([field, value]) => {
        const res = await page({ [field]: value });
        return {
          field,
          value,
          status: res.status,
          code: res.body?.code,
          answeredField: res.body?.field,
          message: typeof res.body?.message,
        };
      }),
    );
    expect(
      answers.filter(
        (a) => a.status !== 400 || a.code !== 'INVALID_DATE' || a.answeredField !== a.field || a.message !== 'string',
      ),
    ).toEqual([]);
    // The edges that are fine.
    for (const filter of [
      { createdFrom: '1970-01-01T00:00Z' },
      { createdBefore: '9999-12-31T23:59:59.999999+00:00' },
      { createdFrom: '2024-02-29T00:00Z' },
    ]) {
      const res = await page(filter);
      expect(res.status, JSON.stringify(filter)).toBe(200);
    }
  });

  it('refuses every cursor it did not write with 400 INVALID_CURSOR, never a 500', async () => {
    const good = (await page({ pageSize: 2 })).body.nextCursor as string;
    const [at, id] = JSON.parse(Buffer.from(good, 'base64url').toString()) as [string, string];
    const b64 = (value: unknown) =>
      Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
    const cursors: [string, string][] = [
      ['truncated base64', good.slice(0, Math.floor(good.length / 2))],
      ['one character short', good.slice(0, -1)],
      ['base64 with padding and junk', `${good}==!!`],
      ['not base64 at all', '%%%%'],
      ['base64 of non-JSON', b64('hello, world')],
      ['base64 of half a JSON array', b64(`["${at}", "${id}`)],
      ['JSON number', b64(42)],
      ['JSON string', b64(at)],
      ['JSON null', b64(null)],
      ['empty array', b64([])],
      ['one element', b64([at])],
      ['three elements', b64([at, id, 'x'])],
      ['an object', b64({ at, id })],
      ['numbers', b64([1, 2])],
      ['wrong order', b64([id, at])],
      ['nested arrays', b64([[at], [id]])],
      ['NaN timestamp', b64(['NaN', id])],
      ['timestamp as a number', b64([Date.parse(at), id])],
      ['month 13', b64(['2026-13-01T00:00:00.000000Z', id])],
      ['30 February', b64(['2026-02-30T00:00:00.000000Z', id])],
      ['hour 25', b64(['2026-02-01T25:00:00.000000Z', id])],
      ['year 0', b64(['0000-01-01T00:00:00.000000Z', id])],
      ['year 10000', b64(['10000-01-01T00:00:00.000000Z', id])],
      ['digits and colons only', b64(['2026-02-01T::::::::.Z', id])],
      ['SQL in the timestamp', b64([`${at}'; drop table wallet_transactions; --`, id])],
      ['bad uuid: hyphens only', b64([at, '-'.repeat(36)])],
      ['bad uuid: not hex', b64([at, 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'])],
      ['bad uuid: no hyphens', b64([at, id.replaceAll('-', '')])],
      [
        'bad uuid: hyphens moved',
        b64([at, `${id.replaceAll('-', '').slice(0, 4)}-${id.replaceAll('-', '').slice(4)}---`]),
      ],
      ['huge id', b64([at, '9'.repeat(80)])],
      ['id as a huge number', b64([at, 1e308])],
      ['empty id', b64([at, ''])],
    ];
    const answers = await Promise.all(
      cursors.map(async ([what, cursor]) => {
        const res = await page({ cursor });
        return {
          what,
          status: res.status,
          code: res.body?.code,
          field: res.body?.field,
          message: typeof res.body?.message,
        };
      }),
    );
    // All listed at once, so a failure shows every cursor that got through.
    expect(
      answers.filter(
        (a) => a.status !== 400 || a.code !== 'INVALID_CURSOR' || a.field !== 'cursor' || a.message !== 'string',
      ),
    ).toEqual([]);
    // The real one still pages.
    expect((await page({ pageSize: 2, cursor: good })).status).toBe(200);
  });
});
