import { useActorRef } from '@xstate/react';
import { notificationSettingsMachine } from '../../../machines/notificationSettings.machine';
import { useFeatureActors } from '../../app/featureActors';
import { useSignedInServices } from '../../app/signedInContext';
import { NotificationsScreen } from './NotificationsScreen';
import { createNotificationSettingsActors } from './services';

/** /settings/notifications (issue 24): the notification preferences; Telegram is asked inside the Mini App only. */
export function NotificationSettingsPage() {
  const { platform } = useSignedInServices();
  const actors = useFeatureActors(createNotificationSettingsActors);
  const actor = useActorRef(notificationSettingsMachine.provide({ actors }), {
    input: { canAskTelegram: platform.isTelegram && Boolean(platform.requestWriteAccess) },
  });
  return <NotificationsScreen actor={actor} />;
}
