import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import type { ActorRefFrom } from 'xstate';
import type { NotificationSettings, NotificationSwitch } from '../../../machines/notificationSettings.machine';
import {
  selectCanAskTelegram,
  selectChangingSwitch,
  selectNotificationNotice,
  selectNotificationSettings,
  selectNotificationsFailed,
  selectNotificationsLoading,
  selectSwitchUsable,
} from '../../../machines/notificationSettings.selectors';
import { useActorRef, useSelector } from '@xstate/react';
import { notificationSettingsMachine } from '../../../machines/notificationSettings.machine';
import { useFeatureActors } from '../../app/featureActors';
import { useSignedInServices } from '../../app/signedInContext';
import { Button } from '../../ui/Button';
import { createNotificationSettingsActors } from './services';
import * as shell from '../shell/AppShell.css';
import { noticeText, switchLabel } from './notificationMessages';
import * as css from './settings.css';

export type NotificationSettingsActor = ActorRefFrom<typeof notificationSettingsMachine>;

/**
 * Settings' Notifications section (issue 24): inside the Mini App the Telegram switch can ask Telegram;
 * in a browser nobody can, so it only turns bot messages off there.
 */
export function NotificationsSection() {
  const { platform } = useSignedInServices();
  const actors = useFeatureActors(createNotificationSettingsActors);
  const actor = useActorRef(notificationSettingsMachine.provide({ actors }), {
    input: { canAskTelegram: platform.isTelegram && Boolean(platform.requestWriteAccess) },
  });
  return <NotificationsSectionView actor={actor} />;
}

/**
 * The channels (Telegram bot, e-mail), the kinds of event (money, security by Telegram) and the security
 * e-mails that are always on. Renders the machine's state only.
 */
export function NotificationsSectionView({ actor }: { actor: NotificationSettingsActor }) {
  const id = useId();
  const loading = useSelector(actor, selectNotificationsLoading);
  const failed = useSelector(actor, selectNotificationsFailed);
  const settings = useSelector(actor, selectNotificationSettings);
  return (
    <section className={css.section} aria-labelledby={id} aria-busy={loading || undefined}>
      <h2 id={id} className={css.sectionTitle}>
        <Trans>Notifications</Trans>
      </h2>
      {failed ? (
        <div className={shell.card} role="alert">
          <Button variant="ghost" onClick={() => actor.send({ type: 'load.retried' })}>
            <Trans>Could not load your notification settings. Retry</Trans>
          </Button>
        </div>
      ) : settings ? (
        <NotificationSwitches actor={actor} settings={settings} />
      ) : (
        <p className={shell.muted}>
          <Trans>Loading your notification settings…</Trans>
        </p>
      )}
    </section>
  );
}

function NotificationSwitches({
  actor,
  settings,
}: {
  actor: NotificationSettingsActor;
  settings: NotificationSettings;
}) {
  const { t, i18n } = useLingui();
  const canAsk = useSelector(actor, selectCanAskTelegram);
  const notice = useSelector(actor, selectNotificationNotice);
  const { preferences: p, email } = settings;
  const label = (name: NotificationSwitch) => switchLabel(i18n, name);
  const telegramHint = !settings.telegramLinked
    ? t`Connect Telegram first to get messages from the wallet's bot.`
    : p.telegram
      ? t`From the wallet's bot in Telegram.`
      : canAsk
        ? t`Telegram will ask you to let the wallet's bot message you.`
        : t`Turn them on in the wallet's Telegram Mini App, where Telegram asks you.`;
  const noticeWords = notice ? noticeText(i18n, notice, settings) : null;
  return (
    <>
      <p className={shell.muted}>
        <Trans>
          The wallet tells you when money moves and when someone signs in or changes how your wallet is protected.
        </Trans>
      </p>
      <ul className={css.list}>
        <SwitchRow actor={actor} name="telegram" on={p.telegram} label={label('telegram')} hint={telegramHint} />
        <SwitchRow
          actor={actor}
          name="email"
          on={p.email && email !== null}
          label={label('email')}
          hint={email ? t`Money messages to ${email}.` : t`This account has no e-mail address.`}
        />
        <SwitchRow
          actor={actor}
          name="money"
          on={p.money}
          label={label('money')}
          hint={t`Deposits, sends, swaps, card purchases and sales.`}
        />
        <SwitchRow
          actor={actor}
          name="security"
          on={p.security}
          label={label('security')}
          hint={t`New sign-ins, passcode changes and resets, Telegram links.`}
        />
        <AlwaysOnRow
          label={t`Security alerts by e-mail`}
          hint={
            email
              ? t`Always sent, whatever the switches above say: they tell you when someone else may be using your wallet.`
              : t`Always sent once the account has an e-mail address: they cannot be turned off.`
          }
        />
      </ul>
      {/* Always in the page, so a screen reader hears what appears in it. */}
      <p role="status" className={notice ? css.noticeError : css.notice} data-testid="notifications-notice">
        {noticeWords}
      </p>
    </>
  );
}

/** One preference: a switch named by its label, described by its hint (which says why when it cannot move). */
function SwitchRow({
  actor,
  name,
  on,
  label,
  hint,
}: {
  actor: NotificationSettingsActor;
  name: NotificationSwitch;
  on: boolean;
  label: string;
  hint: string;
}) {
  const id = useId();
  const usable = useSelector(actor, selectSwitchUsable(name));
  const changing = useSelector(actor, selectChangingSwitch) === name;
  return (
    <li>
      {/* aria-disabled, not disabled: the row keeps focus while it saves and stays reachable with its reason. */}
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        aria-disabled={!usable || undefined}
        aria-busy={changing || undefined}
        className={css.switchRow}
        // While another change runs, the machine ignores the press.
        onClick={() => {
          if (usable) actor.send({ type: 'switch.toggled', name });
        }}
      >
        <span>
          <span id={`${id}-label`}>{label}</span>
          <span id={`${id}-hint`} className={`${css.hint} ${css.hintWrap}`}>
            {hint}
          </span>
        </span>
        <span className={usable ? css.track : `${css.track} ${css.fadedTrack}`}>
          <span className={css.thumb} />
        </span>
      </button>
    </li>
  );
}

/** Security e-mails: on, and no switch to turn them off; says so in words and with a lock. */
function AlwaysOnRow({ label, hint }: { label: string; hint: string }) {
  const id = useId();
  return (
    <li>
      <div className={css.staticRow} role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
        <span className={css.staticHead}>
          <span id={`${id}-label`}>{label}</span>
          <span className={css.alwaysOn} data-testid="security-email-always-on">
            <Lock size={16} strokeWidth={2} aria-hidden />
            <Trans>Always on</Trans>
          </span>
        </span>
        <span id={`${id}-hint`} className={css.hint}>
          {hint}
        </span>
      </div>
    </li>
  );
}
