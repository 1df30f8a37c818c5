import { fromPromise } from 'xstate';
import type { AddressBookEntry } from '../../api/addressBook';
import { addressBookApi } from '../../api/addressBook';
import { sendApi, type AddressCheck, type WithdrawalRequest } from '../../api/send';
import { walletApi, type Transaction } from '../../api/wallet';
import type { SendTarget } from '../../../machines/send.machine';
import type { AvailableCoinsActor } from '../../app/services';
import type { Platform } from '../../platform/types';
import { coinOf } from '../asset/live';
import { reviewKeys, sendDrafts } from './storage';

/** The calls the send screens make (spec §7), replaceable in tests through `setSendApi`. */
export type SendCalls = {
  getAssets: typeof walletApi.getAssets;
  checkAddress: typeof sendApi.checkAddress;
  preliminaryFee: typeof sendApi.preliminaryFee;
  withdraw: typeof sendApi.withdraw;
  listAddressBook: typeof addressBookApi.list;
};

const liveCalls = (): SendCalls => ({
  getAssets: walletApi.getAssets,
  checkAddress: sendApi.checkAddress,
  preliminaryFee: sendApi.preliminaryFee,
  withdraw: sendApi.withdraw,
  listAddressBook: addressBookApi.list,
});

let calls: SendCalls = liveCalls();

/** Tests: answer the send calls with fakes; null restores the live client. */
export function setSendApi(next: Partial<SendCalls> | null): void {
  calls = next ? { ...liveCalls(), ...next } : liveCalls();
}

export type SendDeps = {
  coins: AvailableCoinsActor;
  platform: Platform;
  accountId: () => Promise<string>;
  passcodeActive: () => Promise<boolean>;
};

/** The withdrawal itself, with an optional passcode (the `pincode` header, spec §6). */
export const withdrawWith = async (deps: Pick<SendDeps, 'accountId'>, request: WithdrawalRequest, pincode = ''): Promise<Transaction> =>
  calls.withdraw(await deps.accountId(), request, pincode);

/** Real actor logic for the send machine (the scanner and passcode children are wired by the page). */
export function createSendActors(deps: SendDeps) {
  const { coins, platform, accountId } = deps;
  return {
    loadSend: fromPromise<SendTarget, { currency: string }>(async ({ input }) => {
      const account = await accountId();
      const [coin, assets, passcodeActive] = await Promise.all([
        coinOf(coins, input.currency), calls.getAssets(account), deps.passcodeActive(),
      ]);
      const asset = assets.find((a) => a.currency === input.currency);
      if (!asset) throw Object.assign(new Error('Not in the wallet'), { code: 'NOT_FOUND' });
      return { coin, available: asset.totalAvailable, passcodeActive, draft: sendDrafts.read(input.currency) };
    }),
    checkAddress: fromPromise<AddressCheck, { currency: string; address: string }>(async ({ input }) =>
      calls.checkAddress(await accountId(), input.currency, input.address)),
    loadFee: fromPromise<string, { currency: string; address: string }>(async ({ input }) =>
      calls.preliminaryFee(await accountId(), input.currency, input.address)),
    readClipboard: fromPromise<string>(() => platform.readText()),
    loadAddressBook: fromPromise<AddressBookEntry[]>(async () => calls.listAddressBook(await accountId())),
    reviewKey: fromPromise<string, { signature: string }>(async ({ input }) => reviewKeys.keyFor(input.signature)),
    withdraw: fromPromise<Transaction, WithdrawalRequest>(({ input }) => withdrawWith(deps, input)),
  };
}
