import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import { botMessagesOfferMachine, type OfferOutcome } from '../../../machines/botMessagesOffer.machine';
import { selectOfferBusy, selectOfferShown } from '../../../machines/botMessagesOffer.selectors';
import { useFeatureActors } from '../../app/featureActors';
import { useSignedInServices } from '../../app/signedInContext';
import { Button } from '../../ui/Button';
import * as shell from '../shell/AppShell.css';
import { createBotOfferActors } from './offerServices';
import * as css from './home.css';

type OfferActor = ActorRefFrom<typeof botMessagesOfferMachine>;

/**
 * Inside the Mini App, once: after the first deposit Home offers Telegram messages from the wallet's bot
 * (issue 24). HomePage renders it only inside Telegram and while the offer was never answered.
 */
export function BotMessagesOffer({ onAnswered }: { onAnswered: () => void }) {
  const { showToast } = useSignedInServices();
  const { t } = useLingui();
  const actors = useFeatureActors(createBotOfferActors);
  const messages: Record<OfferOutcome, { kind: 'success' | 'error'; message: string }> = {
    turnedOn: { kind: 'success', message: t`Telegram messages are on` },
    declined: {
      kind: 'success',
      message: t`Telegram messages stay off. You can turn them on in Settings → Notifications.`,
    },
    unavailable: { kind: 'error', message: t`This Telegram app cannot allow the bot to message you. Update Telegram.` },
    failed: { kind: 'error', message: t`Could not turn Telegram messages on. Try again in Settings → Notifications.` },
  };
  const offer = useActorRef(
    botMessagesOfferMachine.provide({
      actors,
      actions: {
        remember: onAnswered,
        tell: ({ context }) => {
          if (context.outcome) showToast(messages[context.outcome]);
        },
      },
    }),
  );
  return <BotMessagesOfferCard offer={offer} />;
}

/** The offer itself: renders the machine's state only (nothing until the first money is seen). */
export function BotMessagesOfferCard({ offer }: { offer: OfferActor }) {
  const shown = useSelector(offer, selectOfferShown);
  const busy = useSelector(offer, selectOfferBusy);
  if (!shown) return null;
  return (
    <div className={shell.card} role="region" aria-labelledby="bot-offer-title" aria-busy={busy || undefined}>
      <h2 id="bot-offer-title" className={css.subtitle}>
        <Trans>Telegram messages</Trans>
      </h2>
      <p className={shell.muted}>
        <Trans>Money arrived. Get a message from the wallet's bot each time money comes in or goes out?</Trans>
      </p>
      <Button busy={busy} onClick={() => offer.send({ type: 'offer.accepted' })}>
        <Trans>Turn on messages</Trans>
      </Button>
      <Button variant="ghost" disabled={busy} onClick={() => offer.send({ type: 'offer.dismissed' })}>
        <Trans>No, thanks</Trans>
      </Button>
    </div>
  );
}
