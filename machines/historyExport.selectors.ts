import type { SnapshotFrom } from 'xstate';
import type { historyExportMachine } from './historyExport.machine';

type Snapshot = SnapshotFrom<typeof historyExportMachine>;

export const selectExporting = (s: Snapshot) => s.hasTag('busy');
export const selectExportFailed = (s: Snapshot) => s.matches('failed');
export const selectExportSaved = (s: Snapshot) => s.matches('idle') && s.context.saved;
