import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { homeMachine } from '../../../machines/home.machine';
import { useServices } from '../../app/context';
import { linkConfig } from '../../linkConfig';
import { Button } from '../../ui/Button';
import * as shell from '../shell/AppShell.css';
import * as css from './home.css';

type HomeActor = ActorRefFrom<typeof homeMachine>;

/** Spec §2: assets exist, no passcode, not dismissed (persisted in isProtectWalletShown). */
export function ProtectPrompt({ home }: { home: HomeActor }) {
  return (
    <div className={shell.card} role="region" aria-labelledby="protect-title">
      <h2 id="protect-title" className={css.subtitle}>
        <Trans>Protect your wallet</Trans>
      </h2>
      <p className={shell.muted}>
        <Trans>Set a 4-digit passcode to confirm sends and swaps.</Trans>
      </p>
      <Button onClick={() => home.send({ type: 'protectPrompt.accepted' })}>
        <Trans>Set a passcode</Trans>
      </Button>
      <Button variant="ghost" onClick={() => home.send({ type: 'protectPrompt.dismissed' })}>
        <Trans>Not now</Trans>
      </Button>
    </div>
  );
}

/** Spec §2: outside the messenger, not linked yet, not closed (persisted in isTelegramBannerClosed). */
export function MessengerBanner({ home }: { home: HomeActor }) {
  const { platform } = useServices();
  const { t } = useLingui();
  return (
    <div className={css.banner} role="region" aria-label={t`Telegram`}>
      <p className={css.bannerText}>
        <Trans>Use your wallet in Telegram too.</Trans>
      </p>
      <Button
        variant="ghost"
        style={{ width: 'auto' }}
        onClick={() => platform.openLink(`https://t.me/${linkConfig.telegramBotName}`)}
      >
        <Trans>Open</Trans>
      </Button>
      <button
        type="button"
        className={css.close}
        aria-label={t`Close the Telegram banner`}
        onClick={() => home.send({ type: 'banner.closed' })}
      >
        ×
      </button>
    </div>
  );
}
