/**
 * How the UI reads a transaction (spec §3, §4): its class (received, sent, swapped; a card sale, C2F,
 * reads as "sell", a card buy, F2C, as "buy"), its phase from the state, the title key for that pair,
 * the style, and the amount as history shows it. Titles are keys here; their wording lives in the
 * views (Lingui).
 */
import type { Transaction, TransactionState } from '../../contracts/wallet';
import { formatCrypto, isDecimal, isZero, trimZeros } from './money';

export type TxClass = 'received' | 'sent' | 'swapped' | 'bought' | 'sold';
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
    case 'F2C':
      return 'bought';
    // Anything else follows its direction.
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

/** Money comes in: received, bought, or the incoming side of a swap. */
export function isIncoming(tx: Classifiable): boolean {
  const kind = classify(tx);
  if (kind === 'received' || kind === 'bought') return true;
  if (kind === 'swapped') return tx.direction === 'DEPOSIT';
  return false;
}

/**
 * How the amount is coloured and signed: money in, money out, or neutral when the transaction failed
 * (a failed buy credited nothing, a failed send or sale gave the coins back: no movement to show).
 */
export type AmountTone = 'in' | 'out' | 'neutral';

export function amountTone(tx: Classifiable & Pick<Transaction, 'state'>): AmountTone {
  if (tx.state === 'FAILED') return 'neutral';
  return isIncoming(tx) ? 'in' : 'out';
}

/**
 * A decimal in `round` places as spec §9 shows it (money.ts: rounded half up, so 978.156803 reads
 * 978.16, never cut to 978.15; trailing zeros trimmed); `approximate` when that dropped digits.
 */
export function roundDecimal(value: string, round: number): { value: string; approximate: boolean } {
  const exact = trimZeros(value);
  const digits = exact.split('.')[1]?.length ?? 0;
  return digits <= round
    ? { value: exact, approximate: false }
    : { value: formatCrypto(value, round), approximate: true };
}

/** What stands before an amount a screen had to shorten (as src/i18n/format.ts writes it). */
export const APPROX = '≈ ';

/**
 * A transaction's amount as history shows it, in the list, the details and their CSV alike: the
 * asset's round, rounded, trailing zeros trimmed ("≈" when that dropped digits), with "+" for money in
 * and "−" for money out, and no sign at all when it failed (nothing moved). `format` writes the
 * decimal in the viewer's language (views pass the locale's number format).
 */
export function signedAmount(
  tx: Classifiable & Pick<Transaction, 'amount' | 'state'>,
  round: number | null,
  format: (decimal: string) => string = (decimal) => decimal,
): string {
  const raw = tx.amount.replace(/^[-+]/, '');
  if (!isDecimal(raw)) return raw;
  const shown = round === null ? { value: trimZeros(raw), approximate: false } : roundDecimal(raw, round);
  const sign = { in: '+', out: '−', neutral: '' }[amountTone(tx)];
  return `${shown.approximate ? APPROX : ''}${sign}${format(shown.value)}`;
}

/** The amount with all its digits when `signedAmount` had to round it (the details show both), else null. */
export function exactAmount(tx: Pick<Transaction, 'amount'>, round: number | null): string | null {
  const raw = tx.amount.replace(/^[-+]/, '');
  if (!isDecimal(raw) || round === null) return null;
  return roundDecimal(raw, round).approximate ? trimZeros(raw) : null;
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
