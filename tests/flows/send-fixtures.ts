/** Shared by the send flow tests: the asset, addresses, answers of the send calls, and form drivers. */
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { AddressBookEntry } from '../../src/api/addressBook';
import type { AddressCheck } from '../../src/api/send';
import type { Transaction } from '../../src/api/wallet';
import type { SendTarget } from '../../machines/send.machine';
import type { KnownAddress } from '../../machines/shared/recipients';
import { EXTERNAL_ADDRESS, btcCoin, labelled } from './asset-fixtures';

export const VALID = EXTERNAL_ADDRESS;
export const INVALID = 'bc1-not-a-bitcoin-address';
export const FEE = '0.0001';

/** Spec §5 field messages. */
export const problems = {
  wrongAddress: 'The withdrawal address format is wrong.',
  notUsed: 'Transfers to this address are not allowed.',
  sameUser: "You can't make a transfer to yourself",
};
export const AVAILABLE = '1.25';

/** Same first and last four characters as VALID, another middle: the dust a poisoner sent from. */
export const POISON = 'bc1qzq8m4vnw3l7p5rrt2yhx9ecd6u0sgfak3hx0wlh';
/** History of this network: VALID paid before (saved as Ann), and a deposit of dust from POISON. */
export const KNOWN: KnownAddress[] = [
  { address: VALID, name: 'Ann', sentTo: true, lastAt: '2026-03-01T10:00:00Z', lastSentAt: '2026-03-01T10:00:00Z' },
  { address: POISON, name: null, sentTo: false, lastAt: '2026-03-02T10:00:00Z', lastSentAt: null },
];

export const target = (more: Partial<SendTarget> = {}): SendTarget =>
  labelled(
    `${more.draft ? `BTC 1.25, draft ${more.draft.address === VALID ? 'valid' : 'wrong'}` : 'BTC 1.25'}${more.known?.length ? ', look-alike in history' : ''}`,
    {
      coin: btcCoin,
      available: AVAILABLE,
      passcodeActive: false,
      draft: null,
      ...more,
    },
  );

export const check = (more: Partial<AddressCheck> = {}): AddressCheck =>
  labelled(
    more.belongsToSameUser
      ? 'same user'
      : more.accountType === 'B2C'
        ? 'wallet user'
        : `check ${more.checkResult ?? 'OK'}`,
    {
      checkResult: 'OK',
      belongsToSameUser: false,
      accountType: null,
      ...more,
    },
  );

export const BOOK: AddressBookEntry[] = [
  { id: 'e-1', name: 'Ann', blockchain: 'Bitcoin', address: VALID },
  { id: 'e-2', name: 'Tron friend', blockchain: 'Tron', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' },
  // Saved under another spelling of the network, with an address that no longer passes the pattern.
  { id: 'e-3', name: 'Old', blockchain: 'BTC', address: INVALID },
];

export const sentTransaction: Transaction = labelled('tx IN_PROGRESS', {
  id: 'tx-sent',
  currency: 'BTC',
  direction: 'WITHDRAWAL',
  transactionType: 'WITHDRAWAL',
  state: 'IN_PROGRESS',
  amount: '0.5',
  fee: FEE,
  to: VALID,
  createdDate: '2026-03-03T12:00:00Z',
} as Transaction);

/** A send to another user of the wallet: settled when the withdrawal answers, no fee. */
export const completedTransaction: Transaction = labelled('tx COMPLETED (internal)', {
  ...sentTransaction,
  id: 'tx-internal',
  state: 'COMPLETED',
  fee: '0',
} as Transaction);

export const serverError = (code: string, message: string, status = 400) => labelled(code, { status, code, message });

type User = ReturnType<typeof userEvent.setup>;

export const addressInput = () => screen.getByLabelText(/^Recipient/) as HTMLInputElement;
export const amountInput = () => screen.getByLabelText('Amount, BTC') as HTMLInputElement;
export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** One change event with the whole value, as a paste over the selected text gives. */
export async function replaceValue(user: User, input: HTMLInputElement, value: string) {
  if (value === '') return user.clear(input);
  await user.click(input);
  input.setSelectionRange(0, input.value.length);
  await user.paste(value);
}
