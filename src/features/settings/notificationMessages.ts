import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type {
  NotificationNotice,
  NotificationSettings,
  NotificationSwitch,
} from '../../../machines/notificationSettings.machine';

/** The switches' names, as the screen and its notices say them. */
const LABELS: Record<NotificationSwitch, MessageDescriptor> = {
  telegram: msg`Telegram messages`,
  // Its own context: the sign-in form's "E-mail" label belongs to the first screen's catalogue.
  email: msg({ message: 'E-mail', context: 'notification channel' }),
  money: msg`Money`,
  security: msg`Security alerts in Telegram`,
};

export const switchLabel = (i18n: I18n, name: NotificationSwitch) => i18n._(LABELS[name]);

/** Why the last change did not happen; a refused save names the switch and says it stayed as it was. */
export function noticeText(i18n: I18n, notice: NotificationNotice, settings: NotificationSettings): string {
  switch (notice.kind) {
    case 'writeAccessDenied':
      return i18n._(msg`Telegram messages stay off: you did not allow the wallet's bot to message you.`);
    case 'writeAccessUnavailable':
      return i18n._(
        msg`Telegram messages stay off: this Telegram app cannot allow the bot to message you. Update Telegram and try again.`,
      );
    case 'askFailed':
      return i18n._(msg`Telegram messages stay off: Telegram did not answer. Try again.`);
    case 'saveFailed': {
      if (notice.failure.code === 'TELEGRAM_NOT_LINKED')
        return i18n._(msg`Telegram messages stay off: connect Telegram first.`);
      const label = switchLabel(i18n, notice.name);
      return settings.preferences[notice.name]
        ? i18n._(msg`Could not save the change: ${label} stays on. Try again.`)
        : i18n._(msg`Could not save the change: ${label} stays off. Try again.`);
    }
  }
}
