import { fromPromise } from 'xstate';
import type { AddressBookApi, AddressBookEntry } from '../../api/addressBook';
import type { AddressCheck, SendApi, WithdrawalRequest } from '../../api/send';
import type { Transaction, WalletApi } from '../../api/wallet';
import { passcodeVerifyMachine } from '../../../machines/passcodeVerify.machine';
import type { SendFailure, SendTarget } from '../../../machines/send.machine';
import type { AvailableCoinsActor } from '../../app/actors';
import type { Platform } from '../../platform/types';
import { coinOf } from '../asset/services';
import { createScannerLogic, type ScannerEffects } from '../scanner/services';
import { reviewKeys, sendDrafts } from './storage';

export type SendDeps = {
  coins: AvailableCoinsActor;
  platform: Platform;
  api: { wallet: Pick<WalletApi, 'getAssets'>; send: SendApi; addressBook: Pick<AddressBookApi, 'list'> };
  accountId: () => Promise<string>;
  passcodeActive: () => Promise<boolean>;
};

/** The passcode errors the passcode step shows itself (spec §6); any other failure is the send's. */
const PASSCODE_CODES = /^B2C_USM003[0-2]$/;

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
          coinOf(coins, input.currency), api.wallet.getAssets(account), deps.passcodeActive(),
        ]);
        const asset = assets.find((a) => a.currency === input.currency);
        if (!asset) throw Object.assign(new Error('Not in the wallet'), { code: 'NOT_FOUND' });
        return { coin, available: asset.totalAvailable, passcodeActive, draft: sendDrafts.read(input.currency) };
      }),
      checkAddress: fromPromise<AddressCheck, { currency: string; address: string }>(async ({ input }) =>
        api.send.checkAddress(await accountId(), input.currency, input.address)),
      loadFee: fromPromise<string, { currency: string; address: string }>(async ({ input }) =>
        api.send.preliminaryFee(await accountId(), input.currency, input.address)),
      readClipboard: fromPromise<string>(() => platform.readText()),
      loadAddressBook: fromPromise<AddressBookEntry[]>(async () => api.addressBook.list(await accountId())),
      reviewKey: fromPromise<string, { signature: string }>(async ({ input }) => reviewKeys.keyFor(input.signature)),
      withdraw: fromPromise<Transaction, WithdrawalRequest>(({ input }) => withdraw(input)),
    },
    /**
     * The passcode step makes the withdrawal itself, with the code in the pincode header and the review's
     * request (`request()` reads it from the running send actor); non-passcode failures go to `failed`.
     */
    passcode: (request: () => WithdrawalRequest, failed: (failure: SendFailure) => void) =>
      passcodeVerifyMachine.provide({
        actors: {
          submitPasscode: fromPromise(async ({ input }: { input: { code: string } }) => {
            try {
              return await withdraw(request(), input.code);
            } catch (error) {
              const e = error as { code?: string; message?: string };
              if (!PASSCODE_CODES.test(e?.code ?? '')) failed({ code: e?.code ?? 'UNKNOWN', message: e?.message ?? '' });
              throw error;
            }
          }),
        },
      }),
    scanner: (effects: ScannerEffects) => createScannerLogic(platform, effects),
  };
}

export type SendActors = ReturnType<typeof createSendActors>;
