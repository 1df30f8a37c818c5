import type { SnapshotFrom } from 'xstate';
import type { walletProtectionMachine } from './walletProtection.machine';

type Snapshot = SnapshotFrom<typeof walletProtectionMachine>;

export const selectProtectionLoading = (s: Snapshot) => s.hasTag('loading');
export const selectProtectionFailed = (s: Snapshot) => s.matches('failed');
export const selectPasscodeActive = (s: Snapshot) => s.hasTag('active');
