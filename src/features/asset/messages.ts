import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TxTitle } from '../../../machines/shared/transactions';
import type { TransactionState } from '../../api/wallet';

/** Spec §4 titles per class and state; a card sale (C2F) reads as "sell", a card buy (F2C) as "buy". */
export const titleMessages: Record<TxTitle, MessageDescriptor> = {
  'received.completed': msg`Received`,
  'received.pending': msg`Receiving`,
  'received.failed': msg`Failed to receive`,
  'sent.completed': msg`Sent`,
  'sent.pending': msg`Sending`,
  'sent.failed': msg`Failed to send`,
  'swapped.completed': msg`Swapped`,
  'swapped.pending': msg`Swapping`,
  'swapped.failed': msg`Failed to swap`,
  'bought.completed': msg`Bought`,
  'bought.pending': msg`Buying`,
  'bought.failed': msg`Failed to buy`,
  'sold.completed': msg`Sold`,
  'sold.pending': msg`Selling`,
  'sold.failed': msg`Failed to sell`,
};

/** Badges: only the states that need attention carry one in the list. */
export const stateMessages: Record<TransactionState, MessageDescriptor> = {
  IN_PROGRESS: msg`In progress`,
  COMPLETED: msg`Completed`,
  FAILED: msg`Failed`,
};

export const assetMessages = {
  addressCopied: msg`Address copied`,
  hashCopied: msg`Hash copied`,
  copyFailed: msg`Could not copy. Select the text and copy it by hand.`,
  shareFailed: msg`Could not share the address`,
  retry: msg`Retry`,
  somethingWentWrong: msg({ id: 'common_something_went_wrong', message: 'Something went wrong...' }),
};
