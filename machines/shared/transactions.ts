/**
 * How the UI reads a transaction (spec §3, §4): its class (received, sent, swapped; a card sale, C2F,
 * reads as "sell"), its phase from the state, the title key for that pair, the style, and the signed
 * amount. Titles are keys here; their wording lives in the views (Lingui).
 */
import type { Transaction, TransactionState } from '../../contracts/wallet';
import { formatCrypto, isDecimal, isZero, trimZeros } from './money';

export type TxClass = 'received' | 'sent' | 'swapped' | 'sold';
/** IN_PROGRESS is "pending" (Receiving, Sending …), COMPLETED "completed", FAILED "failed". */
export type TxPhase = 'pending' | 'completed' | 'failed';
export type TxTitle = `${TxClass}.${TxPhase}`;
export type TxTone = 'default' | 'error';

type Classifiable = Pick<Transaction, 'transactionType' | 'direction'>;

export function classify(tx: Classifiable): TxClass {
  switch (tx.transactionType) {
    case 'DEPOSIT':
      return 'received';
    case 'WITHDRAWAL':
      return 'sent';
    case 'EXCHANGE':
      return 'swapped';
    case 'C2F':
      return 'sold';
    // F2C (card buy) lands crypto in the wallet; anything else follows its direction.
    default:
      return tx.direction === 'WITHDRAWAL' ? 'sent' : 'received';
  }
}

export function phaseOf(state: TransactionState): TxPhase {
  if (state === 'COMPLETED') return 'completed';
  if (state === 'FAILED') return 'failed';
  return 'pending';
}

export function titleOf(tx: Classifiable & Pick<Transaction, 'state'>): TxTitle {
  return `${classify(tx)}.${phaseOf(tx.state)}`;
}

/** Spec §4: a failed card sale is shown with the error style. */
export function toneOf(tx: Classifiable & Pick<Transaction, 'state'>): TxTone {
  return tx.transactionType === 'C2F' && tx.state === 'FAILED' ? 'error' : 'default';
}

/** Money comes in: received, or the incoming side of a swap. */
export function isIncoming(tx: Classifiable): boolean {
  const kind = classify(tx);
  if (kind === 'received') return true;
  if (kind === 'swapped') return tx.direction === 'DEPOSIT';
  return false;
}

/**
 * An amount in the asset's round (trailing zeros trimmed) with "+" for money in and "−" for money out.
 * `format` writes the cut decimal in the viewer's language (views pass the locale's number format).
 */
export function signedAmount(
  tx: Classifiable & Pick<Transaction, 'amount'>,
  round: number | null,
  format: (decimal: string) => string = (decimal) => decimal,
): string {
  const raw = tx.amount.replace(/^[-+]/, '');
  const value = !isDecimal(raw) ? raw : format(round === null ? trimZeros(raw) : formatCrypto(raw, round));
  return `${isIncoming(tx) ? '+' : '−'}${value}`;
}

/** "2 of 3" while a deposit or withdrawal waits for the chain; null when the gateway did not say. */
export function confirmationsOf(tx: Pick<Transaction, 'state' | 'confirmations' | 'requiredConfirmations'>) {
  if (tx.state !== 'IN_PROGRESS' || tx.requiredConfirmations == null) return null;
  return { done: Math.min(tx.confirmations ?? 0, tx.requiredConfirmations), required: tx.requiredConfirmations };
}

/**
 * The fee line of the details: the fee charged, 'none' when nothing was charged because money that
 * left never went (a failed send or sale — whatever fee the server echoed back), or null when there
 * is no fee to mention.
 */
export function feeLine(
  tx: Classifiable & Pick<Transaction, 'state' | 'fee'>,
): { kind: 'charged'; fee: string } | { kind: 'none' } | null {
  if (tx.state === 'FAILED' && !isIncoming(tx)) return { kind: 'none' };
  if (!tx.fee || isZero(tx.fee)) return null;
  return { kind: 'charged', fee: tx.fee };
}
