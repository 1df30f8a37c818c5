import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField } from '../src/wallet/historyCsv.js';
import { createTestApp, type TestApp } from './support/app.js';
import { seedHistory, seedMany, seededAmount } from './history-support.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';

let t: TestApp;
let base: string;

const ROWS = 100_000;

/** A full garbage collection on demand (V8's gc, exposed for this test only). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

const exportCsv = (u: WalletUser, filter: object) =>
  fetch(`${base}/b2c-wallet/${u.account}/asset/transactions/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(filter),
  });

/** RFC 4180 lines into fields (quotes, doubled quotes, commas inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}

describe('history CSV export', () => {
  it('writes the filtered rows with exact and rounded decimals, what moved, and ISO dates', async () => {
    const alice = await walletUser(t, 'alice');
    const at = new Date('2026-02-21T09:30:15.123Z');
    await seedHistory(t, alice.account, [
      {
        currency: 'ETH',
        transactionType: 'DEPOSIT',
        amount: 123_456_789_012_345_678_901n,
        fee: 1n,
        fromAddress: '0xabc',
        hash: 'h1',
        createdAt: at,
      },
      {
        currency: 'BTC',
        transactionType: 'WITHDRAWAL',
        amount: 1n,
        fee: 2_500n,
        toAddress: '=HYPERLINK("x")',
        state: 'FAILED',
        createdAt: new Date(at.getTime() - 1000),
      },
      {
        currency: 'USDT_TRX',
        transactionType: 'C2F',
        amount: 100_000_000n,
        fromCurrency: 'USDT_TRX',
        toCurrency: 'RUB',
        fromAmount: 100_000_000n,
        toAmount: 915_050n,
        exchangeRate: '91.505',
        createdAt: new Date(at.getTime() - 2000),
      },
      { currency: 'TON', transactionType: 'DEPOSIT', amount: 7n, createdAt: new Date(at.getTime() - 3000) },
      {
        currency: 'USDT_TRX',
        transactionType: 'EXCHANGE',
        amount: 978_156_803n,
        createdAt: new Date(at.getTime() - 4000),
      },
      {
        currency: 'BTC',
        transactionType: 'F2C',
        amount: 41_849n,
        state: 'FAILED',
        createdAt: new Date(at.getTime() - 5000),
      },
    ]);
    const res = await exportCsv(alice, {
      kinds: ['received', 'sent', 'sold', 'swapped', 'bought'],
      currency: undefined,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="history.csv"');
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual([
      'date',
      'asset',
      'kind',
      'state',
      'direction',
      'amount',
      'roundedAmount',
      'credited',
      'debited',
      'fee',
      'from',
      'to',
      'hash',
      'id',
      'fromCurrency',
      'fromAmount',
      'toCurrency',
      'toAmount',
      'exchangeRate',
      'fiatCurrency',
      'maskedCard',
      'orderId',
    ]);
    const pick = (r: string[]) => Object.fromEntries(header!.map((h, i) => [h, r[i]]));
    expect(rows.map(pick)).toMatchObject([
      {
        date: '2026-02-21T09:30:15.123Z',
        asset: 'ETH',
        kind: 'received',
        state: 'COMPLETED',
        direction: 'DEPOSIT',
        amount: '123.456789012345678901',
        roundedAmount: '123.45678901',
        credited: '123.456789012345678901',
        debited: '',
        fee: '0.000000000000000001',
        from: '0xabc',
        hash: 'h1',
      },
      // A formula in a field reaches the spreadsheet as text.
      {
        date: '2026-02-21T09:30:14.123Z',
        asset: 'BTC',
        kind: 'sent',
        state: 'FAILED',
        amount: '0.00000001',
        // A failed send moved nothing and charged nothing.
        credited: '',
        debited: '',
        fee: '',
        to: `'=HYPERLINK("x")`,
      },
      {
        asset: 'USDT_TRX',
        kind: 'sold',
        amount: '100',
        debited: '100',
        fromAmount: '100',
        toCurrency: 'RUB',
        toAmount: '9150.5',
        exchangeRate: '91.505',
      },
      { asset: 'TON', kind: 'received', amount: '0.000000007', roundedAmount: '0' },
      // Spec §9 round (USDT: 2), rounded half up, never cut: 978.156803 reads 978.16.
      { asset: 'USDT_TRX', kind: 'swapped', amount: '978.156803', roundedAmount: '978.16' },
      // A failed card buy: Bought, and nothing credited.
      { asset: 'BTC', kind: 'bought', state: 'FAILED', amount: '0.00041849', credited: '', debited: '' },
    ]);
    const only = parseCsv(await (await exportCsv(alice, { currency: 'BTC' })).text());
    expect(only.slice(1).map((r) => r[1])).toEqual(['BTC', 'BTC']);
  });

  it('quotes what needs quoting', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField(null)).toBe('');
  });

  it('refuses a bad filter before streaming and another user', async () => {
    const alice = await walletUser(t, 'alice');
    const bob = await walletUser(t, 'bob');
    const bad = await exportCsv(alice, { kinds: ['gifted'] });
    expect(bad.status).toBe(400);
    const range = await exportCsv(alice, {
      createdFrom: '2026-02-05T00:00:00Z',
      createdBefore: '2026-02-01T00:00:00Z',
    });
    expect(range.status).toBe(400);
    expect(((await range.json()) as { code: string }).code).toBe('INVALID_DATE_RANGE');
    const foreign = await call(t, 'POST', `/b2c-wallet/${alice.account}/asset/transactions/export`, {}, bob.token);
    expect(foreign.status).toBe(404);
  });

  it('refuses a date PostgreSQL cannot hold with 400 before the first byte, not a header and a dropped connection', async () => {
    const alice = await walletUser(t, 'alice');
    await seedHistory(t, alice.account, [
      { currency: 'TON', transactionType: 'DEPOSIT', amount: 7n, createdAt: new Date('2026-02-21T09:30:15Z') },
    ]);
    for (const filter of [
      { createdFrom: '0000-01-01T00:00Z' },
      { createdFrom: '0001-01-01T00:00+14:00' },
      { createdBefore: '0000-01-01T00:00Z' },
      { createdBefore: '9999-12-31T23:00-14:00' },
      { createdFrom: '2026-02-29T00:00Z' },
    ]) {
      const res = await exportCsv(alice, filter);
      const text = await res.text();
      expect(res.status, `${JSON.stringify(filter)}: ${text.slice(0, 120)}`).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(text)).toMatchObject({
        code: 'INVALID_DATE',
        field: Object.keys(filter)[0],
        message: expect.any(String),
      });
    }
    // The edge of what is accepted still exports.
    const edge = await exportCsv(alice, { createdFrom: '1970-01-01T00:00Z', createdBefore: '9999-12-31T23:59Z' });
    expect(edge.status).toBe(200);
    expect(parseCsv(await edge.text())).toHaveLength(2);
  });

  it(`streams ${ROWS} rows with bounded memory`, async () => {
    const alice = await walletUser(t, 'alice');
    const t0 = Date.now();
    await seedMany(t, alice.account, ROWS);
    const t1 = Date.now();
    const gc = collector();
    gc();
    const before = process.memoryUsage();
    const res = await exportCsv(alice, {});
    expect(res.status).toBe(200);
    // Streamed: no length known up front, the body arrives in many chunks.
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let rest = '';
    let lines = 0;
    let chunks = 0;
    let bytes = 0;
    let peakHeap = 0;
    let peakRss = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      bytes += value.length;
      const text = rest + value;
      const cut = text.lastIndexOf('\r\n');
      rest = text.slice(cut + 2);
      for (const line of text.slice(0, cut).split('\r\n')) {
        lines += 1;
        if (lines === 1) continue;
        // Row g of the seed is g seconds old: the newest first means row g is line g + 1.
        const g = lines - 1;
        const fields = line.split(',');
        if (fields[5] !== seededAmount(g))
          throw new Error(`line ${lines}: amount ${fields[5]}, expected ${seededAmount(g)}`);
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(fields[0]!))
          throw new Error(`line ${lines}: date ${fields[0]}`);
      }
      // What the process still holds after a full collection: garbage is not memory in use.
      if (chunks % 25 === 0) {
        gc();
        const now = process.memoryUsage();
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakRss = Math.max(peakRss, now.rss);
      }
    }
    expect(rest).toBe('');
    expect(lines).toBe(ROWS + 1);
    expect(chunks).toBeGreaterThan(50);
    const mb = (n: number) => Math.round(n / 2 ** 20);
    console.log(
      `csv ${ROWS} rows: seeded in ${t1 - t0} ms, exported in ${Date.now() - t1} ms; ${mb(bytes)} MB in ${chunks} chunks;` +
        ` live heap +${mb(peakHeap - before.heapUsed)} MB, rss +${mb(peakRss - before.rss)} MB`,
    );
    // The file is ~22 MB of text (twice that as JS strings) and 100 000 row objects would be several
    // times more; a stream holding one batch of 1000 at a time keeps the live heap within a few MB.
    expect(bytes).toBeGreaterThan(15 * 2 ** 20);
    expect(peakHeap - before.heapUsed).toBeLessThan(bytes / 4);
  }, 180_000);
});
