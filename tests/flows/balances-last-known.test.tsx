/**
 * A returning visit asks for the balances of the account this device last knew (src/app/lastKnownWallet.ts)
 * without waiting for GET /user, and the rates with the assets; a stale account falls back to the profile's.
 */
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { createWalletApi } from '../../src/api/wallet';
import type { UserProfile } from '../../src/api/userProfile';
import { catalogue, holdingsA, rates } from '../fixtures/wallet';
import { settle } from '../support/mbt';
import { makeUser, mountApp } from './app/harness';
import type { KyInstance } from 'ky';

const user = makeUser();
const profile: UserProfile = {
  id: 'user',
  email: 'user@example.com',
  pinCodeActive: false,
  accounts: [{ id: 'acc-1', name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
};

function mountWith(storage: Record<string, string>, answer: (account: string) => Promise<unknown>) {
  const accounts: string[] = [];
  let answerProfile: (p: UserProfile) => void = () => {};
  const app = mountApp({
    path: '/home',
    signedIn: user,
    storage: { selectedCurrency: 'USD', ...storage },
    loadProfile: () => new Promise<UserProfile>((resolve) => void (answerProfile = resolve)),
    wallet: { loadCatalogue: fromPromise(async () => catalogue) },
    api: {
      wallet: {
        getBalances: async (account: string) => (accounts.push(account), answer(account)),
      },
    } as never,
  });
  return { app, accounts, answerProfile: (p: UserProfile) => answerProfile(p) };
}

describe('balances of the last known account', () => {
  it('a device that knows the account shows the balances before GET /user answers', async () => {
    vi.useFakeTimers();
    const { accounts } = mountWith({ 'lastAccount:user-1': 'acc-1' }, async () => ({
      assets: holdingsA,
      rates,
      at: 0,
    }));
    await settle();
    expect(accounts).toEqual(['acc-1']);
    expect(screen.getByTestId('total').textContent).toBe('$30,100.50');
  });

  it('a fresh device waits for GET /user, then remembers its account', async () => {
    vi.useFakeTimers();
    const { accounts, answerProfile } = mountWith({}, async () => ({ assets: holdingsA, rates, at: 0 }));
    await settle();
    expect(accounts).toEqual([]);
    await act(async () => answerProfile(profile));
    await settle();
    expect(accounts).toEqual(['acc-1']);
    expect(window.localStorage.getItem('lastAccount:user-1')).toBe('acc-1');
    expect(JSON.parse(window.localStorage.getItem('lastCryptos:acc-1') ?? '[]')).toEqual(
      holdingsA.filter((a) => a.isCrypto).map((a) => a.currency),
    );
  });

  it('a remembered account that is no longer the user’s falls back to the profile’s', async () => {
    vi.useFakeTimers();
    const { accounts, answerProfile } = mountWith({ 'lastAccount:user-1': 'acc-old' }, async (account) => {
      if (account === 'acc-old') throw new ApiError(404, 'ACCOUNT_NOT_FOUND', 'No such account');
      return { assets: holdingsA, rates, at: 0 };
    });
    await settle();
    expect(accounts).toEqual(['acc-old']);
    await act(async () => answerProfile(profile));
    await settle();
    expect(accounts).toEqual(['acc-old', 'acc-1']);
    expect(screen.getByTestId('total').textContent).toBe('$30,100.50');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('rates asked with the assets', () => {
  // A stand-in for the authenticated client answering GET /{account}/asset and POST /rate, in order of call.
  const apiWith = (calls: string[], held: string[], release: Promise<void>) => {
    const client = {
      get: () => ({
        json: async () => {
          calls.push('assets');
          await release;
          return held.map((currency) => ({ ...holdingsA[0]!, currency, isCrypto: true }));
        },
      }),
      post: (_url: string, { json }: { json: { from: string[] } }) => ({
        json: async () => (
          calls.push(`rates ${json.from.join(',')}`),
          { ratesMap: Object.fromEntries(json.from.map((c) => [c, { USD: 1 }])) }
        ),
      }),
    };
    return createWalletApi(client as unknown as KyInstance);
  };

  it('with the expected crypto, the rates go out before the assets answer and are used', async () => {
    const calls: string[] = [];
    let release = () => {};
    const api = apiWith(calls, ['BTC'], new Promise<void>((r) => void (release = r)));
    const loading = api.getBalances('acc-1', 'USD', ['BTC', 'USDT_TRX']);
    await Promise.resolve();
    expect(calls).toEqual(['rates BTC,USDT_TRX', 'assets']);
    release();
    const result = await loading;
    expect(calls).toEqual(['rates BTC,USDT_TRX', 'assets']);
    expect(Object.keys(result.rates ?? {})).toEqual(['BTC', 'USDT_TRX']);
  });

  it('a coin the guess did not cover asks for the rates again', async () => {
    const calls: string[] = [];
    const api = apiWith(calls, ['BTC', 'ETH'], Promise.resolve());
    const result = await api.getBalances('acc-1', 'USD', ['BTC']);
    expect(calls).toEqual(['rates BTC', 'assets', 'rates BTC,ETH']);
    expect(Object.keys(result.rates ?? {})).toEqual(['BTC', 'ETH']);
  });
});
