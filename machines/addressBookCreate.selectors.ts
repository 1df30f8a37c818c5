import type { SnapshotFrom } from 'xstate';
import type { addressBookCreateMachine } from './addressBookCreate.machine';
import { isComplete } from './addressBookCreate.machine';

type Snapshot = SnapshotFrom<typeof addressBookCreateMachine>;

export const selectNetworks = (s: Snapshot) => s.context.networks;
export const selectNetworksLoading = (s: Snapshot) => s.matches('loadingNetworks');
export const selectNetworksFailed = (s: Snapshot) => s.matches('networksFailed');
export const selectName = (s: Snapshot) => s.context.name;
export const selectBlockchain = (s: Snapshot) => s.context.blockchain;
export const selectAddress = (s: Snapshot) => s.context.address;
export const selectWrongAddress = (s: Snapshot) => s.context.wrongAddress;
export const selectEditable = (s: Snapshot) => s.hasTag('editable');
export const selectPasting = (s: Snapshot) => s.matches('pasting');
export const selectSaving = (s: Snapshot) => s.matches('saving') || s.status === 'done';
/** Name, network and address are required (spec §5); the pattern is checked on submit. */
export const selectCanSubmit = (s: Snapshot) => s.hasTag('editable') && isComplete(s.context);
