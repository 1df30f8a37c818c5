import type { AppServices, FeatureDeps } from './services';
import { useServices } from './context';
import { useSignedInServices } from './signedInContext';

// One set of actor logic per services and factory, as when createServices built them: the pages'
// machines see the same logic on every render and after navigating away and back.
const built = new WeakMap<AppServices, Map<(deps: FeatureDeps) => unknown, unknown>>();

/** A feature's actor logic, built from the app services on first use (the factory is module-level). */
export function useFeatureActors<T>(create: (deps: FeatureDeps) => T): T {
  const services = useServices();
  const { features } = useSignedInServices();
  let byFactory = built.get(services);
  if (!byFactory) built.set(services, (byFactory = new Map()));
  if (!byFactory.has(create)) byFactory.set(create, create(features));
  return byFactory.get(create) as T;
}
