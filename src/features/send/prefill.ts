import type { SendDraft } from '../../../machines/send.machine';

/** The history state key a payment request opens the send form with (PayPage → SendPage, issue 25). */
export const PREFILL_STATE = 'payRequest';

declare module '@tanstack/history' {
  interface HistoryState {
    payRequest?: SendDraft;
  }
}

/** The request a history entry's state carries, if it is a well-formed one. */
export function prefillOf(state: unknown): SendDraft | null {
  const value = (state as Record<string, unknown> | null)?.[PREFILL_STATE] as Partial<SendDraft> | undefined;
  return typeof value?.address === 'string' && typeof value.amount === 'string'
    ? { address: value.address, amount: value.amount }
    : null;
}
