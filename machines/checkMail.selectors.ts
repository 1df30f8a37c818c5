import type { SnapshotFrom } from 'xstate';
import type { checkMailMachine } from './checkMail.machine';

type Snapshot = SnapshotFrom<typeof checkMailMachine>;

export const selectEmail = (s: Snapshot) => s.context.email;
export const selectCanOpenMail = (s: Snapshot) => s.can({ type: 'mailbox.opened' });
