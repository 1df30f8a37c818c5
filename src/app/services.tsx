import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom, PromiseActorLogic } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine';
import type { preferencesMachine } from '../../machines/preferences.machine';
import type { availableCoinsMachine } from '../../machines/availableCoins.machine';
import type { balancesMachine } from '../../machines/balances.machine';
import type { UserFlags } from '../../machines/home.machine';
import type { Platform } from '../platform/types';
import type { UserProfile } from '../api/userProfile';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type PreferencesActor = ActorRefFrom<typeof preferencesMachine>;
export type AvailableCoinsActor = ActorRefFrom<typeof availableCoinsMachine>;
export type BalancesActor = ActorRefFrom<typeof balancesMachine>;

/**
 * Wallet calls the page-level machines (home, manage assets) invoke, as actor logic: live.ts wraps
 * walletApi/userApi with the active account, tests pass deferred fakes.
 */
export type WalletActors = {
  /** GET /user pinCodeActive and GET /user/auth tgAuth. */
  loadUserFlags: PromiseActorLogic<UserFlags>;
  /** POST /{account}/account/currency/list. */
  addAssets: PromiseActorLogic<void, { currencies: string[] }>;
  /** POST /{account}/account/currency. */
  addAsset: PromiseActorLogic<void, { currency: string }>;
};

/** Where machines send the user; filled in once the router exists (machines never import it). */
export type Navigator = { go(to: string): void; attach(go: (to: string) => void): void };

export function createNavigator(): Navigator {
  let target: ((to: string) => void) | null = null;
  let pending: string | null = null;
  return {
    go(to) {
      if (target) target(to);
      else pending = to;
    },
    attach(go) {
      target = go;
      if (pending) go(pending);
      pending = null;
    },
  };
}

/** Everything screens need from the outside world; live.ts builds the real set, tests build fakes. */
export type AppServices = {
  session: SessionActor;
  preferences: PreferencesActor;
  /** Spec §3/§4 coin catalogue, loaded once per signed-in session. */
  coins: AvailableCoinsActor;
  /** Balances and rates, polled every 10 s while signed in. */
  balances: BalancesActor;
  walletActors: WalletActors;
  platform: Platform;
  navigator: Navigator;
  loadProfile(): Promise<UserProfile>;
  /** Revokes the tokens, removes the stored user and ends the session. */
  signOut(): Promise<void>;
};

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesProvider missing');
  return services;
}
