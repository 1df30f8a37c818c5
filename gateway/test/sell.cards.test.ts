import { createHash, randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, sandboxPayouts, sellCards, sellOrders } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { checkSellInvariants } from '../src/sell/invariants.js';
import { createSandboxPayouts } from '../src/sell/sandbox/provider.js';
import {
  byCard,
  bySavedCard,
  dumpDatabase,
  newKey,
  sellCall,
  sellRate,
  setPayouts,
  settledSell,
} from './sell-support.js';
import { createTestApp, type TestApp } from './support/app.js';
import { fund, walletUser, type WalletUser } from './wallet-support.js';

/** Two Luhn-valid Sberbank cards with one mask, 220220******4413, and a third for the legacy row. */
const CARD_A = '2202200000014413';
const CARD_B = '2202200000194413';
const CARD_C = '2202200000274413';
const MASK = '220220******4413';

let t: TestApp;
let alice: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'cards-alice');
  await fund(t, alice, 'USDT_TRX', 1_000_000_000n);
  await setPayouts(t, { delayMs: 50, unavailable: false, failNextPayouts: 0 });
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
  expect(await checkSellInvariants(t.db)).toEqual([]);
});

const tokenOfCard = async (cardId: string) =>
  (await t.db.select().from(sellCards).where(eq(sellCards.id, cardId)))[0]!.vaultToken;
const paidToken = async (orderId: string) =>
  (await t.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.reference, orderId)))[0]?.vaultToken;

describe('the sandbox vault fingerprints a card number', () => {
  it('the same number always gives the same fingerprint, another number another one; a keyed hash, never the number', async () => {
    const vault = createSandboxPayouts(t.db);
    const a1 = await vault.fingerprint(CARD_A);
    const a2 = await vault.fingerprint(CARD_A);
    const b = await vault.fingerprint(CARD_B);
    expect(a1).toMatch(/^[0-9a-f]{64}$/);
    expect(a2).toBe(a1);
    expect(b).not.toBe(a1);
    // Keyed: not the plain hash of the number (a mask leaves 10^6 numbers, trivial to hash through).
    expect(a1).not.toBe(createHash('sha256').update(CARD_A).digest('hex'));
    expect(a1).not.toContain('4413');
    // A second vault on the same book (another replica, or after a restart) has the same key.
    expect(await createSandboxPayouts(t.db).fingerprint(CARD_A)).toBe(a1);
    const tokenized = await vault.tokenize({ number: CARD_A, bankCode: 'SBR', bankSystem: 'MIR' });
    expect(tokenized.fingerprint).toBe(a1);
  });
});

describe('two cards with one mask', () => {
  it('are two saved cards, each paid to its own vault token; saving one again keeps its row', async () => {
    const { rateId } = await sellRate(t, alice);
    const first = await byCard(t, alice, { card: CARD_A, fixedRateId: rateId, saveCard: true });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const tokenA = await tokenOfCard(first.body.cardId);
    const second = await byCard(t, alice, { card: CARD_B, fixedRateId: rateId, saveCard: true });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.cardId).not.toBe(first.body.cardId);
    // The first card's token is untouched by the second card.
    expect(await tokenOfCard(first.body.cardId)).toBe(tokenA);
    const tokenB = await tokenOfCard(second.body.cardId);
    expect(tokenB).not.toBe(tokenA);

    const cards = (await sellCall(t, alice, 'GET', '/cards/RUB')).body as { cardId: string; mascCard: string }[];
    expect(cards.map((c) => c.mascCard)).toEqual([MASK, MASK]);
    expect(new Set(cards.map((c) => c.cardId))).toEqual(new Set([first.body.cardId, second.body.cardId]));

    // "Saved card" payouts go to the card that was chosen.
    const toA = await bySavedCard(t, alice, { cardId: first.body.cardId, fixedRateId: rateId });
    const toB = await bySavedCard(t, alice, { cardId: second.body.cardId, fixedRateId: rateId });
    expect([toA.status, toB.status]).toEqual([200, 200]);
    for (const o of [first, second, toA, toB]) expect((await settledSell(t, alice, o.body.id)).state).toBe('COMPLETED');
    expect(await paidToken(toA.body.id)).toBe(tokenA);
    expect(await paidToken(toB.body.id)).toBe(tokenB);

    // The same card saved again (grouped as the app types it) is the same saved card, not a third.
    const again = await byCard(t, alice, { card: '2202 2000 0001 4413', fixedRateId: rateId, saveCard: true });
    expect(again.body.cardId).toBe(first.body.cardId);
    await settledSell(t, alice, again.body.id);
    expect((await sellCall(t, alice, 'GET', '/cards/RUB')).body).toHaveLength(2);
  });

  it('same idempotency key with the other card is 409 IDEMPOTENCY_CONFLICT: no second hold, no card saved', async () => {
    const bob = await walletUser(t, 'cards-bob');
    await fund(t, bob, 'USDT_TRX', 1_000_000_000n);
    const { rateId } = await sellRate(t, bob);
    const key = newKey();
    const first = await byCard(t, bob, { card: CARD_A, fixedRateId: rateId, idempotencyKey: key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const other = await byCard(t, bob, { card: CARD_B, fixedRateId: rateId, idempotencyKey: key, saveCard: false });
    expect(other).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_CONFLICT', field: 'idempotencyKey' } });
    const saving = await byCard(t, bob, {
      card: CARD_B,
      fixedRateId: rateId,
      idempotencyKey: newKey(),
      saveCard: true,
    });
    // (a fresh key for the save, to show the 409 above saved nothing: exactly this one card is listed)
    expect(saving.status).toBe(200);
    const [orders] = await t.db
      .select({ n: count() })
      .from(sellOrders)
      .where(and(eq(sellOrders.accountId, bob.account), eq(sellOrders.idempotencyKey, key)));
    expect(orders!.n).toBe(1);
    const [holds] = await t.db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `sell:${first.body.id}`));
    expect(holds!.n).toBe(1);
    expect((await sellCall(t, bob, 'GET', '/cards/RUB')).body).toEqual([
      expect.objectContaining({ cardId: saving.body.cardId }),
    ]);
    // The same card under the same key is still the replay.
    const replay = await byCard(t, bob, { card: '2202-2000-0001-4413', fixedRateId: rateId, idempotencyKey: key });
    expect([replay.status, replay.body.id, replay.headers['idempotent-replayed']]).toEqual([
      200,
      first.body.id,
      'true',
    ]);
    // A saved card under a key first used for a new card is a conflict too.
    const viaSaved = await bySavedCard(t, bob, {
      cardId: saving.body.cardId,
      fixedRateId: rateId,
      idempotencyKey: key,
    });
    expect(viaSaved.status).toBe(409);
    for (const o of [first, saving]) await settledSell(t, bob, o.body.id);
  });

  it('a card saved before fingerprints (legacy row) keeps its token; the same mask saved now is a card of its own', async () => {
    const carol = await walletUser(t, 'cards-carol');
    await fund(t, carol, 'USDT_TRX', 1_000_000_000n);
    const legacyToken = `sbx_card_${randomUUID().replace(/-/g, '')}`;
    // As 0007 wrote them: no fingerprint column was filled.
    await t.db.execute(sql`insert into sell_cards (account_id, fiat_currency, vault_token, masc_card, bank_code, bank_system)
      values (${carol.account}, 'RUB', ${legacyToken}, ${MASK}, 'SBR', 'MIR')`);
    const [legacy] = await t.db.select().from(sellCards).where(eq(sellCards.accountId, carol.account));
    const { rateId } = await sellRate(t, carol);
    const saved = await byCard(t, carol, { card: CARD_C, fixedRateId: rateId, saveCard: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.cardId).not.toBe(legacy!.id);
    expect(await tokenOfCard(legacy!.id)).toBe(legacyToken);
    expect((await sellCall(t, carol, 'GET', '/cards/RUB')).body).toHaveLength(2);
    // The legacy card still sells to its own token.
    const toLegacy = await bySavedCard(t, carol, { cardId: legacy!.id, fixedRateId: rateId });
    expect(toLegacy.status).toBe(200);
    await settledSell(t, carol, saved.body.id);
    await settledSell(t, carol, toLegacy.body.id);
    expect(await paidToken(toLegacy.body.id)).toBe(legacyToken);
  });

  it('the database holds no full number of these cards', async () => {
    const dump = await dumpDatabase(t);
    expect(dump).toContain(MASK);
    for (const number of [CARD_A, CARD_B, CARD_C])
      expect(dump.includes(number), `database holds ${number}`).toBe(false);
  });
});
