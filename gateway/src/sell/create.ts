import type { MoneyGate } from '../passcode/gate.js';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client.js';
import { sellCards, sellOrders, walletTransactions, type SellOrderRow } from '../db/schema/index.js';
import { enqueueJob } from '../jobs/queue.js';
import { DomainError, invalid } from '../domain/errors.js';
import { ensureUserAccount, systemShard } from '../ledger/accounts.js';
import { LedgerError } from '../ledger/errors.js';
import { hold } from '../ledger/transfers.js';
import { formatAmount, parsePositiveAmount } from '../wallet/amounts.js';
import { requireOfferedCoin } from '../wallet/catalogue.js';
import { SELL_BANK_CODE, SellErrorCodes } from '../../../contracts/sell.js';
import { lookupBin } from './bins.js';
import { maskCard } from './card.js';
import { PayoutsUnavailableError, type PayoutProvider } from './payout.js';
import { cryptoFor, FIAT_DECIMALS, requireLiveRate, requireSellFiat, sellLimits, type SellConfig } from './rate.js';

/** System accounts the held crypto goes to: the desk that buys it for the fiat it pays out. */
export const SELL_CLEARING = 'fiat-payouts';

export interface SellDeps {
  db: Db;
  config: SellConfig;
  payouts: PayoutProvider;
  /**
   * The transaction the crypto is held in (the route's passcode and reset-hold gate, passcode/gate.ts).
   * The payout provider is asked before it, so no provider call runs under the user's lock.
   */
  gate?: MoneyGate;
}

interface Common {
  accountId: string;
  currency: string;
  fiatCurrency: string;
  fixedRateId: string;
  fiatAmount: string;
  idempotencyKey: string;
}

/** A new card: the number is in memory for this call only, on its way to the vault. */
export interface NewCardSell extends Common {
  card: string;
  bankCode: string;
  bankSystem: string;
  saveCard: boolean;
}
export interface SavedCardSell extends Common {
  cardId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unavailable = () =>
  new DomainError(
    'unavailable',
    SellErrorCodes.payoutsUnavailable,
    'Payouts are temporarily unavailable. Please try again later.',
  );

function onlySber(field: string) {
  return invalid(SellErrorCodes.onlySber, 'RUB payouts are only made to cards of Sberbank', field);
}

function replayOf(existing: SellOrderRow, requestHash: string) {
  if (existing.requestHash !== requestHash) {
    throw new DomainError(
      'conflict',
      SellErrorCodes.idempotencyConflict,
      'This idempotencyKey was already used for a different sell',
      { field: 'idempotencyKey' },
    );
  }
  return { order: existing, replayed: true };
}

async function byKey(db: Executor, accountId: string, key: string): Promise<SellOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(sellOrders)
    .where(and(eq(sellOrders.accountId, accountId), eq(sellOrders.idempotencyKey, key)));
  return row;
}

/** Checks both kinds of sell share, cheapest first; nothing is written. */
function checkCommon(config: SellConfig, input: Common) {
  requireSellFiat(input.fiatCurrency);
  const coin = requireOfferedCoin(input.currency, config);
  const fiatMinor = parsePositiveAmount(input.fiatAmount, {
    decimals: FIAT_DECIMALS,
    userInput: true,
    field: 'fiatAmount',
  });
  return { coin, fiatMinor };
}

function checkLimits(config: SellConfig, fiatMinor: bigint) {
  const { min, max, view } = sellLimits(config);
  if (fiatMinor < min)
    throw invalid(SellErrorCodes.minLimit, `Min amount limit is: ${view.minLimit} ${view.limitCurrency}`, 'fiatAmount');
  if (fiatMinor > max)
    throw invalid(SellErrorCodes.maxLimit, `Max amount limit is: ${view.maxLimit} ${view.limitCurrency}`, 'fiatAmount');
}

const hashOf = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

interface Target {
  vaultToken: string;
  fingerprint: string | null;
  mascCard: string;
  bankCode: string;
  bankSystem: string;
  cardId: string | null;
  save: boolean;
}

/**
 * The shared tail: replay gate, limits, rate, availability, then one transaction that inserts the
 * order, saves the card when asked, holds the crypto and writes the IN_PROGRESS history row and
 * the payout job. Not enough funds rolls all of it back as 400 NOT_ENOUGH_FUNDS.
 */
async function place(
  deps: SellDeps,
  input: Common,
  requestHash: string,
  resolveTarget: () => Promise<Target>,
): Promise<{ order: SellOrderRow; replayed: boolean }> {
  const { coin, fiatMinor } = checkCommon(deps.config, input);
  const earlier = await byKey(deps.db, input.accountId, input.idempotencyKey);
  if (earlier) return replayOf(earlier, requestHash);
  checkLimits(deps.config, fiatMinor);
  const rate = await requireLiveRate(deps.db, input.accountId, input.fixedRateId, coin.currency);
  if (!(await deps.payouts.available())) throw unavailable();
  // The switch may flip between the two calls: a vault that refuses is the same 503, nothing held.
  const target = await resolveTarget().catch((err: unknown) => {
    throw err instanceof PayoutsUnavailableError ? unavailable() : err;
  });
  const amount = cryptoFor(fiatMinor, rate.rateMinor, coin.decimals);
  try {
    const gate: MoneyGate = deps.gate ?? ((move) => move(deps.db));
    return await gate((db) =>
      db.transaction(async (tx) => {
        let cardId = target.cardId;
        if (target.save) cardId = await saveCard(tx, input.accountId, input.fiatCurrency, target);
        const [inserted] = await tx
          .insert(sellOrders)
          .values({
            accountId: input.accountId,
            currency: coin.currency,
            amount,
            fiatCurrency: input.fiatCurrency,
            fiatAmount: fiatMinor,
            rateMinor: rate.rateMinor,
            rateId: rate.id,
            cardId,
            vaultToken: target.vaultToken,
            mascCard: target.mascCard,
            bankCode: target.bankCode,
            bankSystem: target.bankSystem,
            idempotencyKey: input.idempotencyKey,
            requestHash,
            state: 'IN_PROGRESS',
          })
          .onConflictDoNothing({ target: [sellOrders.accountId, sellOrders.idempotencyKey] })
          .returning();
        // A twin committed first: the unique index made us wait for it; answer from its row.
        if (!inserted) return replayOf((await byKey(tx, input.accountId, input.idempotencyKey))!, requestHash);
        return { order: await holdFor(tx, inserted), replayed: false };
      }),
    );
  } catch (err) {
    if (err instanceof LedgerError && err.code === 'INSUFFICIENT_FUNDS') {
      throw invalid(SellErrorCodes.notEnoughFunds, 'Not enough funds to make the transaction', 'fiatAmount');
    }
    throw err;
  }
}

/**
 * One saved card per (account, vault fingerprint): the same card saved again keeps its row (its token
 * refreshed, the number being the same); another card with the same mask is a row of its own.
 */
async function saveCard(tx: Tx, accountId: string, fiatCurrency: string, t: Target): Promise<string> {
  if (!t.fingerprint) throw new Error('A card is saved only with its vault fingerprint');
  const [row] = await tx
    .insert(sellCards)
    .values({
      accountId,
      fiatCurrency,
      vaultToken: t.vaultToken,
      fingerprint: t.fingerprint,
      mascCard: t.mascCard,
      bankCode: t.bankCode,
      bankSystem: t.bankSystem,
    })
    .onConflictDoUpdate({
      target: [sellCards.accountId, sellCards.fingerprint],
      targetWhere: sql`${sellCards.fingerprint} is not null`,
      set: {
        vaultToken: t.vaultToken,
        mascCard: t.mascCard,
        bankCode: t.bankCode,
        bankSystem: t.bankSystem,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: sellCards.id });
  return row!.id;
}

async function holdFor(tx: Tx, o: SellOrderRow): Promise<SellOrderRow> {
  const user = await ensureUserAccount(tx, o.accountId, o.currency);
  const clearing = await systemShard(tx, o.currency, SELL_CLEARING, o.id);
  const held = await hold(tx, {
    debitAccountId: user.id,
    creditAccountId: clearing.id,
    amount: o.amount,
    currency: o.currency,
    idempotencyKey: `sell:${o.id}`,
    reference: `sell ${o.id}`,
  });
  const [history] = await tx
    .insert(walletTransactions)
    .values({
      accountId: o.accountId,
      currency: o.currency,
      direction: 'WITHDRAWAL',
      transactionType: 'C2F',
      state: 'IN_PROGRESS',
      amount: o.amount,
      toAddress: o.mascCard,
      fromCurrency: o.currency,
      toCurrency: o.fiatCurrency,
      fromAmount: o.amount,
      toAmount: o.fiatAmount,
      exchangeRate: formatAmount(o.rateMinor, FIAT_DECIMALS),
      ledgerTransferId: held.id,
    })
    .returning();
  await enqueueJob(tx, { kind: 'sell-payout', key: o.id });
  const [row] = await tx
    .update(sellOrders)
    .set({ holdTransferId: held.id, walletTransactionId: history!.id })
    .where(eq(sellOrders.id, o.id))
    .returning();
  return row!;
}

/**
 * Sell to a new card. The number arrives Luhn-checked (the route's first step); its bank must be
 * SBR by our own BIN table, whatever bankCode the client sent. The vault's fingerprint of it (not the
 * mask, which two cards may share) enters the request hash, so the same key with another card is a
 * conflict. The number is tokenized only after every check passed, and afterwards exists nowhere in
 * the gateway.
 */
export async function sellToNewCard(deps: SellDeps, input: NewCardSell) {
  const info = lookupBin(input.card.slice(0, 6));
  if (input.bankCode !== SELL_BANK_CODE) throw onlySber('bankCode');
  if (info.code !== SELL_BANK_CODE) throw onlySber('card');
  const mascCard = maskCard(input.card);
  const { fiatMinor } = checkCommon(deps.config, input);
  const fingerprint = await deps.payouts.fingerprint(input.card).catch((err: unknown) => {
    throw err instanceof PayoutsUnavailableError ? unavailable() : err;
  });
  const requestHash = hashOf([
    'card',
    input.currency,
    fiatMinor.toString(),
    input.fixedRateId,
    fingerprint,
    input.saveCard,
  ]);
  return place(deps, input, requestHash, async () => {
    const vaulted = await deps.payouts.tokenize({ number: input.card, bankCode: info.code, bankSystem: info.system });
    if (vaulted.fingerprint !== fingerprint) throw new Error('The vault fingerprinted one card number two ways');
    return {
      vaultToken: vaulted.vaultToken,
      fingerprint,
      mascCard,
      bankCode: info.code,
      bankSystem: info.system,
      cardId: null,
      save: input.saveCard,
    };
  });
}

/** Sell to a saved card of this account; another account's card is as unknown as a made-up id. */
export async function sellToSavedCard(deps: SellDeps, input: SavedCardSell) {
  const { fiatMinor } = checkCommon(deps.config, input);
  const card = UUID.test(input.cardId)
    ? (
        await deps.db
          .select()
          .from(sellCards)
          .where(and(eq(sellCards.id, input.cardId), eq(sellCards.accountId, input.accountId)))
      )[0]
    : undefined;
  if (!card || card.fiatCurrency !== input.fiatCurrency)
    throw new DomainError('not_found', SellErrorCodes.cardNotFound, 'No such saved card', { field: 'cardId' });
  if (card.bankCode !== SELL_BANK_CODE) throw onlySber('cardId');
  const requestHash = hashOf(['saved', input.currency, fiatMinor.toString(), input.fixedRateId, card.id]);
  return place(deps, input, requestHash, async () => ({
    vaultToken: card.vaultToken,
    fingerprint: card.fingerprint,
    mascCard: card.mascCard,
    bankCode: card.bankCode,
    bankSystem: card.bankSystem,
    cardId: card.id,
    save: false,
  }));
}
