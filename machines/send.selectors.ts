import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { WithdrawalRequest } from '../contracts/send';
import type { Transaction } from '../contracts/wallet';
import type { PasscodeConfirmMachine } from './passcodeConfirm.machine';
import type { scannerMachine } from './scanner.machine';
import type { sendMachine } from './send.machine';
import { amountTooHigh } from './shared/send';
import { matchesChain, sameChain } from './shared/addressPatterns';
import { totalWithFee, toWireAmount } from './shared/amountInput';
import { checkRecipient, recentRecipients, type RecipientCheck } from './shared/recipients';

type Snapshot = SnapshotFrom<typeof sendMachine>;

/** Which of the three screens the machine is on (the layout renders it; the URL follows). */
export const selectSendScreen = (s: Snapshot): 'loading' | 'failed' | 'form' | 'review' | 'progress' =>
  s.matches('loading')
    ? 'loading'
    : s.matches('loadFailed')
      ? 'failed'
      : s.matches('review')
        ? 'review'
        : s.matches('sent')
          ? 'progress'
          : 'form';

export const selectCoin = (s: Snapshot) => s.context.coin;
export const selectAvailable = (s: Snapshot) => s.context.available;
export const selectAddress = (s: Snapshot) => s.context.address;
export const selectAmount = (s: Snapshot) => s.context.amount;
export const selectFee = (s: Snapshot) => s.context.fee;
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectAddressProblem = (s: Snapshot) => s.context.addressProblem;
export const selectCheckingAddress = (s: Snapshot) => s.matches({ editing: { form: 'checking' } });
export const selectLoadingFee = (s: Snapshot) => s.matches({ editing: { form: 'loadingFee' } });
export const selectCheckFailed = (s: Snapshot) => s.matches({ editing: { form: 'checkFailed' } });
export const selectFeeFailed = (s: Snapshot) => s.matches({ editing: { form: 'feeFailed' } });
export const selectPasting = (s: Snapshot) => s.matches({ editing: 'pasting' });
/** Spec §5 send_error_not_enough_funds: amount + fee above the available balance. */
export const selectNotEnoughFunds = (s: Snapshot) => amountTooHigh(s.context);
/** Max needs the fee: the recipient gets the amount and the fee comes on top. */
export const selectCanMax = (s: Snapshot) => s.can({ type: 'max.requested' });
/** The continue button mirrors the machine's guard (fee, valid address, amount > 0, no error). */
export const selectCanContinue = (s: Snapshot) => s.can({ type: 'form.submitted' });
export const selectBusy = (s: Snapshot) => s.hasTag('busy');

export const selectScanner = (s: Snapshot) => s.children.scanner as ActorRefFrom<typeof scannerMachine> | undefined;
export const selectPicking = (s: Snapshot) => s.matches({ editing: 'picking' });
export const selectPickerLoading = (s: Snapshot) => s.matches({ editing: { picking: 'loading' } });
export const selectPickerFailed = (s: Snapshot) => s.matches({ editing: { picking: 'failed' } });
/** Address-book entries on the asset's network only. */
export const selectPickerEntries = (s: Snapshot) => {
  const chain = s.context.coin?.blockchain;
  return chain ? s.context.book.filter((e) => sameChain(e.blockchain, chain)) : [];
};

export const selectRecipientShown = (s: Snapshot) => s.context.recipientShown;
export const selectPreparingReview = (s: Snapshot) => s.matches({ review: 'keying' });
export const selectWithdrawing = (s: Snapshot) => s.matches({ review: 'withdrawing' });
export const selectCanConfirm = (s: Snapshot) => s.can({ type: 'review.confirmed' });
export const selectPasscode = (s: Snapshot) =>
  s.children.passcode as ActorRefFrom<PasscodeConfirmMachine<WithdrawalRequest, Transaction>> | undefined;
/** Amount to receive, fee and what leaves the balance. */
export const selectTotals = (s: Snapshot) => {
  const { amount, fee } = s.context;
  const receive = toWireAmount(amount);
  return { receive, fee: fee ?? '0', total: totalWithFee(receive, fee ?? '0') };
};
export const selectTransaction = (s: Snapshot) => s.context.transaction;
export const selectIdempotencyKey = (s: Snapshot) => s.context.key;
/** The transfer already settled when the withdrawal answered (a send to another user of the wallet): nothing left to wait for. */
/** The checked address is another wallet user's: no network, no fee, settled at once. */
export const selectInternalRecipient = (s: Snapshot) => s.context.internal;
export const selectSentInstantly = (s: Snapshot) => s.context.transaction?.state === 'COMPLETED';

/**
 * What to say about the recipient once its format passed (machines/shared/recipients.ts): a look-alike
 * of a known address, a first send, or nothing; null while the address is empty, wrong or refused.
 */
export const selectRecipientCheck = (s: Snapshot): RecipientCheck | null => {
  const valid =
    s.matches('review') ||
    (['checking', 'checkFailed', 'loadingFee', 'feeFailed', 'ready'] as const).some((state) =>
      s.matches({ editing: { form: state } }),
    );
  return valid ? checkRecipient(s.context.address, s.context.known) : null;
};
export const selectAcknowledged = (s: Snapshot) => s.context.acknowledged;
/** The last five addresses sent to on this network, with their address-book names. */
export const selectRecentRecipients = (s: Snapshot) =>
  recentRecipients(s.context.known.filter((k) => matchesChain(s.context.coin?.blockchain ?? 'ALL', k.address)));

/** Issue 25: the wallet user the address was found for, the look-up's progress, and a scanned request's problem. */
export const selectFoundRecipient = (s: Snapshot) => s.context.recipient;
export const selectLookingUp = (s: Snapshot) =>
  s.matches({ editing: { form: 'userTyped' } }) || s.matches({ editing: { form: 'lookingUp' } });
export const selectUserUnknown = (s: Snapshot) => s.matches({ editing: { form: 'userUnknown' } });
export const selectLookupFailed = (s: Snapshot) => s.matches({ editing: { form: 'lookupFailed' } });
export const selectRequestProblem = (s: Snapshot) => s.context.requestProblem;
