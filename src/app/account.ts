/**
 * The signed-in user's active account (spec §3: the account id is GET /user → accounts[0].id).
 *
 * Contract (promise-based): `getActiveAccountId(): Promise<string>` resolves the id of the current
 * signed-in session, loading GET /b2c-user-management/user once and caching it (concurrent callers share
 * one request; a failed load is not cached, so the next call retries). `resetActiveAccount()` forgets it;
 * src/app/live.ts calls it on every sign-out, so the next user never sees the previous account.
 * `getActiveProfile()` gives the same cached profile (pinCodeActive, defaultFiatCurrency…);
 * `refreshActiveProfile({ pinCodeActive })` updates it after a passcode enable/disable.
 * Tests call `primeActiveAccount('acc-1')` (or pass a profile) instead of reaching the network.
 */
import { useEffect, useState } from 'react';
import { userApi, type UserProfile } from '../api/userProfile';

type Loader = () => Promise<UserProfile>;

export function createAccountCache(load: Loader) {
  let pending: Promise<UserProfile> | null = null;
  let generation = 0;
  const cache = {
    profile(): Promise<UserProfile> {
      if (!pending) {
        const mine = ++generation;
        pending = load().catch((error: unknown) => {
          if (mine === generation) pending = null;
          throw error;
        });
      }
      return pending;
    },
    async id(): Promise<string> {
      const id = (await cache.profile()).accounts[0]?.id;
      if (!id) throw Object.assign(new Error('The user has no account'), { code: 'NO_ACCOUNT' });
      return id;
    },
    reset(): void {
      generation += 1;
      pending = null;
    },
    prime(profile: UserProfile): void {
      generation += 1;
      pending = Promise.resolve(profile);
    },
    /** Applies what a call just changed (e.g. pinCodeActive) to the cached profile, if one is cached or loading. */
    patch(changes: Partial<UserProfile>): void {
      if (pending) pending = pending.then((profile) => ({ ...profile, ...changes }));
    },
  };
  return cache;
}

let loader: Loader = () => userApi.getProfile();
const active = createAccountCache(() => loader());

export const getActiveAccountId = (): Promise<string> => active.id();
export const getActiveProfile = (): Promise<UserProfile> => active.profile();
export const resetActiveAccount = (): void => active.reset();

/**
 * After a passcode enable/disable: the cached profile takes the change at once (`pinCodeActive`), so
 * screens reading getActiveProfile() agree with the server without waiting; `reload` also asks GET /user again.
 */
export function refreshActiveProfile(changes: Partial<UserProfile>, options: { reload?: boolean } = {}): Promise<UserProfile> {
  if (options.reload) active.reset();
  else active.patch(changes);
  return active.profile();
}

/** Tests: answer with this account (or profile) instead of calling GET /user. */
export function primeActiveAccount(account: string | UserProfile): void {
  const profile: UserProfile = typeof account === 'string'
    ? { id: 'user', email: 'user@example.com', pinCodeActive: false, accounts: [{ id: account, name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }] }
    : account;
  active.prime(profile);
}

/** Tests: replace how the profile is loaded (e.g. a deferred fake); null restores the live call. */
export function setActiveAccountLoader(next: Loader | null): void {
  loader = next ?? (() => userApi.getProfile());
  active.reset();
}

export type ActiveAccount = { status: 'loading' | 'ready' | 'error'; accountId?: string; retry(): void };

/** The same id for components that only need it to build a link or a call. */
export function useActiveAccount(): ActiveAccount {
  const [state, setState] = useState<{ status: ActiveAccount['status']; accountId?: string }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    getActiveAccountId().then(
      (accountId) => live && setState({ status: 'ready', accountId }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return { ...state, retry: () => { setState({ status: 'loading' }); setAttempt((n) => n + 1); } };
}
