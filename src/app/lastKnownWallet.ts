import { localStore, readStringList } from './webStorage';

/**
 * What this device last knew of a user's wallet: the account's id (per user, the identity provider's
 * subject) and the crypto it held (per account). A returning visit then asks for the balances and their
 * rates at once, instead of the assets after GET /user and the rates after the assets: on a phone's link
 * that is two round trips less before Home has its figures. Neither is secret: the gateway checks on
 * every call that the account is the caller's, and a stale id only costs the wait it would have had.
 */
const KEYS = {
  account: (user: string) => `lastAccount:${user}`,
  cryptos: (account: string) => `lastCryptos:${account}`,
} as const;

export const lastKnownWallet = {
  account: (user: string): string | null => localStore.read(KEYS.account(user)),
  saveAccount: (user: string, account: string) => localStore.write(KEYS.account(user), account),
  cryptos: (account: string): string[] => readStringList(localStore, KEYS.cryptos(account)),
  saveCryptos: (account: string, currencies: readonly string[]) =>
    localStore.write(KEYS.cryptos(account), JSON.stringify(currencies)),
};
