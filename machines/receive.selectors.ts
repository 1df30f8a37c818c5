import type { SnapshotFrom } from 'xstate';
import { requestOf, type receiveMachine } from './receive.machine';

type Snapshot = SnapshotFrom<typeof receiveMachine>;

export const selectReceiveLoading = (s: Snapshot) => s.hasTag('loading');
export const selectReceiveFailed = (s: Snapshot) => s.matches('failed');
export const selectReceiveError = (s: Snapshot) => s.context.error;
export const selectReceiveAddress = (s: Snapshot) => (s.matches('ready') ? s.context.address : null);
export const selectReceiveCoin = (s: Snapshot) => s.context.coin;
export const selectReceiveBusy = (s: Snapshot) => s.hasTag('busy');
export const selectSharing = (s: Snapshot) => s.matches({ ready: 'sharing' });
export const selectCopying = (s: Snapshot) => s.matches({ ready: 'copying' });
/** Issue 25: the requested amount and, once above zero, the request's URI (the QR) and links. */
export const selectRequestAmount = (s: Snapshot) => s.context.amount;
export const selectRequest = (s: Snapshot) => requestOf(s.context);
