import type { SnapshotFrom } from 'xstate';
import type { walletMachine } from './wallet.machine';

type Snapshot = SnapshotFrom<typeof walletMachine>;

/** The signed-in area's actors, as screens and wallet calls reach them. */
export const selectWalletActors = (s: Snapshot) => {
  const { profile, coins, balances, resetHold, connectivity } = s.context;
  return { profile, coins, balances, resetHold, connectivity };
};
/** The reset hold's end as last reported from the profile. */
export const selectReportedHold = (s: Snapshot) => s.context.holdUntil;
