import { fromPromise, waitFor } from 'xstate';
import type { AddressBookApi, AddressBookEntry, NewAddressBookEntry } from '../../api/addressBook';
import type { NetworkOption } from '../../../machines/addressBookCreate.machine';
import { LIGHTNING, type CoinMap } from '../../../machines/shared/coins';
import type { AvailableCoinsActor } from '../../app/actors';
import type { Platform } from '../../platform/types';

/** Spec §5: only non-token crypto networks, one option per blockchain (Lightning has no on-chain address). */
export function networkOptions(coins: CoinMap): NetworkOption[] {
  const seen = new Map<string, NetworkOption>();
  for (const coin of Object.values(coins)) {
    if (!coin.crypto || coin.token || coin.currency === LIGHTNING || coin.network === 'lightning') continue;
    if (!seen.has(coin.blockchain)) seen.set(coin.blockchain, { blockchain: coin.blockchain, name: coin.blockchain });
  }
  return [...seen.values()];
}

export type AddressBookDeps = {
  coins: AvailableCoinsActor;
  platform: Platform;
  api: AddressBookApi;
  accountId: () => Promise<string>;
};

export function createAddressBookActors({ coins, platform, api, accountId }: AddressBookDeps) {
  return {
    loadEntries: fromPromise<AddressBookEntry[]>(async () => api.list(await accountId())),
    loadEntry: fromPromise<AddressBookEntry, { id: string }>(async ({ input }) => api.get(await accountId(), input.id)),
    deleteEntry: fromPromise<void, { id: string }>(async ({ input }) => api.remove(await accountId(), input.id)),
    renameEntry: fromPromise<AddressBookEntry, { id: string; name: string }>(async ({ input }) =>
      api.rename(await accountId(), input.id, input.name),
    ),
    createEntry: fromPromise<AddressBookEntry, NewAddressBookEntry>(async ({ input }) =>
      api.create(await accountId(), input),
    ),
    readClipboard: fromPromise<string>(() => platform.readText()),
    loadNetworks: fromPromise<NetworkOption[]>(async () => {
      if (coins.getSnapshot().matches('error')) coins.send({ type: 'coins.retried' });
      const snapshot = await waitFor(coins, (s) => s.matches('loaded') || s.matches('error'));
      if (snapshot.matches('error')) throw Object.assign(new Error('Catalogue unavailable'), { code: 'META_INFO' });
      return networkOptions(snapshot.context.coins);
    }),
  };
}

export type AddressBookActors = ReturnType<typeof createAddressBookActors>;
