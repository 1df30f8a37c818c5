import { useContext } from 'react';
import type { AppServices, SignedInServices } from './services';
import { ServicesContext, useServices } from './context';

// The hooks only lazily loaded screens use, kept out of context.tsx so the boot chunk does not carry them.

/**
 * The services when a provider is there, else null: for the shared formatting hook, which screens
 * rendered on their own (tests, a storybook) use too; without the app there is no preference to follow.
 */
export function useOptionalServices(): AppServices | null {
  return useContext(ServicesContext);
}

const merged = new WeakMap<AppServices, AppServices & SignedInServices>();

/**
 * The app's services with the signed-in part (src/app/signedIn.ts), for screens of the signed-in area:
 * its route loads that part before they render.
 */
export function useSignedInServices(): AppServices & SignedInServices {
  const services = useServices();
  let both = merged.get(services);
  if (!both) {
    const signedIn = services.signedIn();
    if (!signedIn) throw new Error('The signed-in services are not loaded (only signed-in screens may use them)');
    merged.set(services, (both = { ...services, ...signedIn }));
  }
  return both;
}
