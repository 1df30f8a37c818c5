import { fromPromise } from 'xstate';
import type { AddressBookApi, AddressBookEntry } from '../../api/addressBook';
import type { ContactsApi, Recipient } from '../../api/contacts';
import type { AddressCheck, SendApi, WithdrawalRequest } from '../../api/send';
import type { Transaction, WalletApi } from '../../api/wallet';
import type { SendTarget } from '../../../machines/send.machine';
import type { AvailableCoinsActor } from '../../app/actors';
import type { Platform } from '../../platform/types';
import { knownAddresses } from '../../../machines/shared/recipients';
import { sameChain } from '../../../machines/shared/addressPatterns';
import { coinOf } from '../asset/services';
import { biometricUnlockOn, createConfirmStep } from '../passcode/confirmStep';
import { reviewKeys, sendDrafts } from './storage';

export type SendDeps = {
  coins: AvailableCoinsActor;
  platform: Platform;
  api: {
    wallet: Pick<WalletApi, 'getAssets' | 'getHistory'>;
    send: SendApi;
    addressBook: Pick<AddressBookApi, 'list'>;
    contacts: Pick<ContactsApi, 'lookup'>;
  };
  accountId: () => Promise<string>;
  passcodeActive: () => Promise<boolean>;
};

/** Real actor logic for the send machine and its scanner and passcode children (spec §7 Send calls). */
export function createSendActors(deps: SendDeps) {
  const { coins, platform, api, accountId } = deps;
  /** The withdrawal itself, with an optional passcode (the `pincode` header, spec §6). */
  const withdraw = async (request: WithdrawalRequest, pincode = ''): Promise<Transaction> =>
    api.send.withdraw(await accountId(), request, pincode);
  return {
    actors: {
      loadSend: fromPromise<SendTarget, { currency: string }>(async ({ input }) => {
        const account = await accountId();
        const [coin, assets, passcodeActive] = await Promise.all([
          coinOf(coins, input.currency),
          api.wallet.getAssets(account),
          deps.passcodeActive(),
        ]);
        const asset = assets.find((a) => a.currency === input.currency);
        if (!asset) throw Object.assign(new Error('Not in the wallet'), { code: 'NOT_FOUND' });
        // The poisoning guard compares with every address of this network: the latest 100 rows of each
        // asset on it (USDT TRC-20 and TRX share Tron addresses) and the address book.
        const catalogue = coins.getSnapshot().context.coins;
        const onChain = assets.filter(
          (a) => a.currency === input.currency || sameChain(catalogue[a.currency]?.blockchain ?? '', coin.blockchain),
        );
        const [pages, book] = await Promise.all([
          Promise.all(onChain.map((a) => api.wallet.getHistory(account, { currency: a.currency, pageSize: 100 }))),
          api.addressBook.list(account),
        ]);
        const own = assets.flatMap((a) => (a.depositAddress ? [a.depositAddress] : []));
        const known = knownAddresses(
          pages.flatMap((p) => p.content),
          book,
          coin.blockchain,
          own,
        );
        return {
          coin,
          available: asset.totalAvailable,
          passcodeActive,
          biometrics: biometricUnlockOn(),
          draft: sendDrafts.read(input.currency),
          known,
        };
      }),
      checkAddress: fromPromise<AddressCheck, { currency: string; address: string }>(async ({ input }) =>
        api.send.checkAddress(await accountId(), input.currency, input.address),
      ),
      loadFee: fromPromise<string, { currency: string; address: string }>(async ({ input }) =>
        api.send.preliminaryFee(await accountId(), input.currency, input.address),
      ),
      readClipboard: fromPromise<string>(() => platform.readText()),
      loadAddressBook: fromPromise<AddressBookEntry[]>(async () => api.addressBook.list(await accountId())),
      lookupRecipient: fromPromise<Recipient | null, { currency: string; query: string }>(async ({ input }) =>
        api.contacts.lookup(await accountId(), input.currency, input.query),
      ),
      reviewKey: fromPromise<string, { signature: string }>(async ({ input }) => reviewKeys.keyFor(input.signature)),
      withdraw: fromPromise<Transaction, WithdrawalRequest>(({ input }) => withdraw(input)),
      /** The passcode step: the same withdrawal, with the code in the pincode header. */
      passcode: createConfirmStep(platform, withdraw),
    },
  };
}

export type SendActors = ReturnType<typeof createSendActors>;
