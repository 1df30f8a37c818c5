/**
 * How the history filter names a transaction's kind (a card buy is a deposit the card paid for). Kept
 * apart from the schemas so the app's router can validate its search params without loading TypeBox.
 */
export const HISTORY_KINDS = ['received', 'sent', 'swapped', 'bought', 'sold'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
