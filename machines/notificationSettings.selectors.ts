import type { SnapshotFrom } from 'xstate';
import { canChange, type NotificationSwitch, type notificationSettingsMachine } from './notificationSettings.machine';

type Snapshot = SnapshotFrom<typeof notificationSettingsMachine>;

export const selectNotificationsLoading = (s: Snapshot) => s.matches('loading');
export const selectNotificationsFailed = (s: Snapshot) => s.matches('failed');
/** The preferences and what the channels allow, once loaded (the same reference until it changes). */
export const selectNotificationSettings = (s: Snapshot) => s.context.settings;
export const selectNotificationsBusy = (s: Snapshot) => s.hasTag('busy');
/** The switch being changed: Telegram's dialog open, or the gateway saving. */
export const selectChangingSwitch = (s: Snapshot) => s.context.changing;
export const selectAskingTelegram = (s: Snapshot) => s.matches({ changing: 'asking' });
export const selectNotificationNotice = (s: Snapshot) => s.context.notice;
/** Whether a switch can move here at all (a linked Telegram, a Mini App to ask in, an e-mail address). */
export const selectSwitchUsable = (name: NotificationSwitch) => (s: Snapshot) => canChange(s.context, name);
/** Inside the Mini App, where Telegram can be asked. */
export const selectCanAskTelegram = (s: Snapshot) => s.context.canAskTelegram;
