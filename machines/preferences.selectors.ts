import type { SnapshotFrom } from 'xstate';
import type { preferencesMachine } from './preferences.machine';

type Snapshot = SnapshotFrom<typeof preferencesMachine>;

export const selectDarkTheme = (s: Snapshot) => s.context.darkTheme;
export const selectLanguage = (s: Snapshot) => s.context.language;
export const selectSavingLanguage = (s: Snapshot) => s.hasTag('saving');
