import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine';
import type { preferencesMachine } from '../../machines/preferences.machine';
import type { Platform } from '../platform/types';
import type { UserProfile } from '../api/userProfile';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type PreferencesActor = ActorRefFrom<typeof preferencesMachine>;

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
