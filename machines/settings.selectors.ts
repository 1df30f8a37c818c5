import type { SnapshotFrom } from 'xstate';
import type { settingsMachine } from './settings.machine';

type Snapshot = SnapshotFrom<typeof settingsMachine>;

export const selectSigningOut = (s: Snapshot) => s.hasTag('busy');
