import { fromPromise } from 'xstate';
import type { FeatureDeps } from '../../app/services';

/** The pay machine's live logic (machines/pay.machine.ts): which assets the wallet holds. */
export const createPayActors = ({ api, accountId }: FeatureDeps) => ({
  loadHeld: fromPromise<string[]>(async () => (await api.wallet.getAssets(await accountId())).map((a) => a.currency)),
});
