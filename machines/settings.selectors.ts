import type { SnapshotFrom } from 'xstate';
import type { settingsMachine } from './settings.machine';

type Snapshot = SnapshotFrom<typeof settingsMachine>;

export const selectProfileEmail = (s: Snapshot) => s.context.profile?.email ?? null;
export const selectProfileLoading = (s: Snapshot) => s.hasTag('loading');
export const selectProfileFailed = (s: Snapshot) => s.matches({ profile: 'failed' });
export const selectSigningOut = (s: Snapshot) => s.hasTag('busy');
