import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookEntries } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';

let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'book-alice');
  bob = await walletUser(t, 'book-bob');
});
afterAll(async () => t?.close());

const book = (u: WalletUser, rest = '') => `/b2c-address-book/${u.account}/address-book${rest}`;
const create = (u: WalletUser, body: object, as: WalletUser = u) => call(t, 'POST', book(u), body, as.token);
const rows = async () => Number((await t.db.select({ n: count() }).from(addressBookEntries))[0]!.n);

/** A checksum-valid address and a one-character corruption of it, per catalogue blockchain. */
const SAMPLES: [blockchain: string, valid: string, corrupt: string][] = [
  ['Bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
  ['Ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
  ['Tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'],
  ['TON', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2M'],
  ['Litecoin', 'LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez', 'LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ey'],
  ['Dogecoin', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7M'],
];

describe('address book', () => {
  it('creates, reads, lists and deletes an entry, trimming name and address', async () => {
    const res = await create(alice, {
      name: '  Mum  ',
      blockchain: 'Bitcoin',
      address: ' bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4\n',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Mum',
      blockchain: 'Bitcoin',
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    });
    const got = await call(t, 'GET', book(alice, `/${res.body.id}`), undefined, alice.token);
    expect(got).toEqual({ status: 200, body: res.body });
    const list = await call(t, 'POST', book(alice, '/all'), { pageNumber: 1, pageSize: 1000 }, alice.token);
    expect(list.body).toEqual({ content: [res.body], totalElements: 1, totalPages: 1, pageNumber: 1, pageSize: 1000 });

    expect(await call(t, 'DELETE', book(alice, `/${res.body.id}`), undefined, alice.token)).toEqual({
      status: 200,
      body: {},
    });
    expect((await call(t, 'GET', book(alice, `/${res.body.id}`), undefined, alice.token)).status).toBe(404);
    const again = await call(t, 'DELETE', book(alice, `/${res.body.id}`), undefined, alice.token);
    expect(again).toMatchObject({ status: 404, body: { code: 'ADDRESS_BOOK_ENTRY_NOT_FOUND' } });
    expect(
      (await call(t, 'POST', book(alice, '/all'), { pageNumber: 1, pageSize: 10 }, alice.token)).body.totalElements,
    ).toBe(0);
  });

  it.each(SAMPLES)('checks %s addresses by checksum', async (blockchain, valid, corrupt) => {
    const ok = await create(bob, { name: `${blockchain} friend`, blockchain, address: valid });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ blockchain, address: valid });
    const before = await rows();
    const bad = await create(bob, { name: 'typo', blockchain, address: corrupt });
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_ADDRESS', field: 'address' } });
    expect(await rows()).toBe(before);
  });

  it('refuses an address of another network, tokens, Lightning and unknown networks', async () => {
    const before = await rows();
    const cases: [object, string][] = [
      [{ name: 'x', blockchain: 'Bitcoin', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, 'address'],
      [{ name: 'x', blockchain: 'Dogecoin', address: 'LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez' }, 'address'],
      [{ name: 'x', blockchain: 'Lightning', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, 'blockchain'],
      [{ name: 'x', blockchain: 'USDT_TRX', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }, 'blockchain'],
      [{ name: 'x', blockchain: 'bitcoin', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, 'blockchain'],
      [{ name: 'x', blockchain: 'Ethereum', address: '   ' }, 'address'],
      [{ name: '   ', blockchain: 'Bitcoin', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, 'name'],
      [{ name: 'n'.repeat(65), blockchain: 'Bitcoin', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, 'name'],
      [{ blockchain: 'Bitcoin', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, 'name'],
      [{ name: 'x', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, 'blockchain'],
    ];
    for (const [body, field] of cases) {
      const res = await create(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
    expect(await rows()).toBe(before);
    // 64 characters after trimming is fine.
    expect(
      (
        await create(alice, {
          name: ` ${'n'.repeat(64)} `,
          blockchain: 'Tron',
          address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        })
      ).status,
    ).toBe(200);
  });

  it('pages oldest first with pageNumber from 1 and pageSize 1..1000', async () => {
    const u = await walletUser(t, 'book-pages');
    const made: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await create(u, {
        name: `entry ${i}`,
        blockchain: 'Ethereum',
        address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      });
      made.push(res.body.id);
    }
    const page = (pageNumber: number, pageSize: number) =>
      call(t, 'POST', book(u, '/all'), { pageNumber, pageSize }, u.token);
    const p1 = await page(1, 3);
    expect(p1.body).toMatchObject({ totalElements: 7, totalPages: 3, pageNumber: 1, pageSize: 3 });
    const ids = [...p1.body.content, ...(await page(2, 3)).body.content, ...(await page(3, 3)).body.content].map(
      (e: { id: string }) => e.id,
    );
    expect(ids).toEqual(made);
    expect((await page(4, 3)).body.content).toEqual([]);
    expect((await page(1, 1000)).body.content).toHaveLength(7);
    for (const [n, s] of [
      [0, 10],
      [1, 0],
      [1, 1001],
      [-1, 5],
    ]) {
      const res = await page(n!, s!);
      expect(res.status, `${n}/${s}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });
});

/** PATCH is not among wallet-support's `call` methods: the same request, by hand. */
async function rename(u: WalletUser, id: string, body: unknown, token: string | undefined = u.token) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: book(u, `/${encodeURIComponent(id)}`),
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

describe('renaming an entry (issue 22)', () => {
  it('renames it, trimmed, keeping network and address; the list shows the new name', async () => {
    const entry = (await create(alice, { name: 'Old name', blockchain: 'Tron', address: SAMPLES[2]![1] })).body;
    const res = await rename(alice, entry.id, { name: '  Mum (Tron)  ' });
    expect(res).toEqual({ status: 200, body: { ...entry, name: 'Mum (Tron)' } });
    expect((await call(t, 'GET', book(alice, `/${entry.id}`), undefined, alice.token)).body.name).toBe('Mum (Tron)');
    const list = await call(t, 'POST', book(alice, '/all'), { pageNumber: 1, pageSize: 1000 }, alice.token);
    expect(list.body.content.find((e: { id: string }) => e.id === entry.id)?.name).toBe('Mum (Tron)');
  });

  it('validates at the edge: a name of 1 to 64 characters after trimming, and nothing else', async () => {
    const entry = (await create(alice, { name: 'Keep', blockchain: 'Tron', address: SAMPLES[2]![1] })).body;
    for (const body of [
      { name: '   ' },
      { name: '' },
      { name: 'x'.repeat(65) },
      { name: 'x'.repeat(257) },
      {},
      { name: 42 },
      { name: 'Ok', address: SAMPLES[0]![1] },
      { name: 'Ok', blockchain: 'Bitcoin' },
    ]) {
      const res = await rename(alice, entry.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await rename(alice, entry.id, { name: 'x'.repeat(64) })).status).toBe(200);
    const after = (await call(t, 'GET', book(alice, `/${entry.id}`), undefined, alice.token)).body;
    expect(after).toEqual({ ...entry, name: 'x'.repeat(64) });
  });

  it("is refused on another user's entry, a made-up id, and without a token", async () => {
    const entry = (await create(alice, { name: 'Mine', blockchain: 'Tron', address: SAMPLES[2]![1] })).body;
    expect((await rename(alice, entry.id, { name: 'Bob was here' }, bob.token)).body.code).toBe('ACCOUNT_NOT_FOUND');
    expect(await rename(bob, entry.id, { name: 'Bob was here' })).toMatchObject({
      status: 404,
      body: { code: 'ADDRESS_BOOK_ENTRY_NOT_FOUND' },
    });
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000'])
      expect((await rename(alice, id, { name: 'x' })).status, id).toBe(404);
    expect((await rename(alice, entry.id, { name: 'x' }, '')).status).toBe(401);
    expect((await call(t, 'GET', book(alice, `/${entry.id}`), undefined, alice.token)).body.name).toBe('Mine');
  });
});

describe('isolation', () => {
  it("hides and protects one user's entries from another, writing nothing", async () => {
    const mine = await create(alice, {
      name: 'Private',
      blockchain: 'TON',
      address: 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N',
    });
    expect(mine.status).toBe(200);
    const before = await rows();
    // Bob on Alice's account: every route is a 404 for the account.
    const onAlice: [method: 'GET' | 'POST' | 'DELETE', url: string, body?: object][] = [
      [
        'POST',
        book(alice),
        { name: 'Evil', blockchain: 'TON', address: 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N' },
      ],
      ['POST', book(alice, '/all'), { pageNumber: 1, pageSize: 1000 }],
      ['GET', book(alice, `/${mine.body.id}`)],
      ['DELETE', book(alice, `/${mine.body.id}`)],
    ];
    for (const [method, url, body] of onAlice) {
      const res = await call(t, method, url, body, bob.token);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.code).toBe('ACCOUNT_NOT_FOUND');
    }
    // Bob on his own account with Alice's entry id: not found either.
    expect((await call(t, 'GET', book(bob, `/${mine.body.id}`), undefined, bob.token)).body.code).toBe(
      'ADDRESS_BOOK_ENTRY_NOT_FOUND',
    );
    expect((await call(t, 'DELETE', book(bob, `/${mine.body.id}`), undefined, bob.token)).status).toBe(404);
    expect(
      (await call(t, 'POST', book(bob, '/all'), { pageNumber: 1, pageSize: 1000 }, bob.token)).body.content.some(
        (e: { id: string }) => e.id === mine.body.id,
      ),
    ).toBe(false);
    expect(await rows()).toBe(before);
    expect((await call(t, 'GET', book(alice, `/${mine.body.id}`), undefined, alice.token)).status).toBe(200);
  });

  it('treats malformed ids as not found and needs a token', async () => {
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
      expect((await call(t, 'GET', book(alice, `/${encodeURIComponent(id)}`), undefined, alice.token)).status, id).toBe(
        404,
      );
    }
    expect((await call(t, 'POST', book(alice, '/all'), { pageNumber: 1, pageSize: 1 })).status).toBe(401);
    expect(
      (
        await call(t, 'POST', book(alice), {
          name: 'x',
          blockchain: 'Tron',
          address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        })
      ).status,
    ).toBe(401);
  });

  it('holds at most 200 recipients per account: 409 ADDRESS_BOOK_FULL, also when saves race; a deletion makes room', async () => {
    const carol = await walletUser(t, 'book-carol');
    // 195 saved already (written directly: the create route's rate limit is not what is tested here).
    await t.db.insert(addressBookEntries).values(
      Array.from({ length: 195 }, (_, i) => ({
        accountId: carol.account,
        name: `friend ${i}`,
        blockchain: 'Tron',
        address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      })),
    );
    const entry = { name: 'one more', blockchain: 'Bitcoin', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(carol, entry)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { code: 'ADDRESS_BOOK_FULL' } });
    const page = await call(t, 'POST', book(carol, '/all'), { pageNumber: 1, pageSize: 1 }, carol.token);
    expect(page.body.totalElements).toBe(200);
    // Other accounts are not affected by Carol's full book.
    expect((await create(alice, entry)).status).toBe(200);
    const id = answers.find((a) => a.status === 200)!.body.id;
    expect((await call(t, 'DELETE', book(carol, `/${id}`), undefined, carol.token)).status).toBe(200);
    expect((await create(carol, entry)).status).toBe(200);
    expect((await create(carol, entry)).body.code).toBe('ADDRESS_BOOK_FULL');
  });
});
