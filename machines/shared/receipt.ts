import type { Coin, Transaction } from '../../contracts/wallet';

/**
 * What a shared receipt says of a completed transaction (issue 25): the amount, the asset, when, its hash
 * and the explorer's link to it. Built from the transaction alone: never a balance.
 */
export type Receipt = {
  amount: string;
  currency: string;
  date: string;
  hash: string | null;
  explorerLink: string | null;
};

export const receiptOf = (tx: Transaction, _coin?: Coin | null): Receipt => ({
  amount: tx.amount,
  currency: tx.currency,
  date: tx.dateReceived ?? tx.createdDate,
  hash: tx.hash ?? null,
  explorerLink: tx.explorerLink ?? null,
});
