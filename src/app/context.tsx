import { createContext, useContext, type ReactNode } from 'react';
import type { AppServices } from './services';

/** The app's services; screens read them through the hooks below and in signedInContext.ts. */
export const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The app's services (src/app/services.ts) as the screens see them. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesProvider missing');
  return services;
}
