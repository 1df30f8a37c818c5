import type { SnapshotFrom } from 'xstate';
import type { addressBookCreateMachine } from './addressBookCreate.machine';
import { addressProblem, isSavable } from './addressBookCreate.machine';

type Snapshot = SnapshotFrom<typeof addressBookCreateMachine>;

export const selectNetworks = (s: Snapshot) => s.context.networks;
export const selectNetworksLoading = (s: Snapshot) => s.matches('loadingNetworks');
export const selectNetworksFailed = (s: Snapshot) => s.matches('networksFailed');
export const selectName = (s: Snapshot) => s.context.name;
export const selectBlockchain = (s: Snapshot) => s.context.blockchain;
export const selectAddress = (s: Snapshot) => s.context.address;
/** 'format' (pattern, as typed) or 'rejected' (the server's INVALID_ADDRESS), shown under the field. */
export const selectAddressProblem = (s: Snapshot) => addressProblem(s.context);
export const selectNameTooLong = (s: Snapshot) => s.context.nameTooLong;
export const selectEditable = (s: Snapshot) => s.hasTag('editable');
export const selectPasting = (s: Snapshot) => s.matches('pasting');
export const selectSaving = (s: Snapshot) => s.matches('saving') || s.status === 'done';
/** Name, network and a valid address are required (spec §5), checked as they are typed. */
export const selectCanSubmit = (s: Snapshot) => s.hasTag('editable') && isSavable(s.context);
