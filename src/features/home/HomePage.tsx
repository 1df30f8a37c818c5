import { useActorRef } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { homeMachine } from '../../../machines/home.machine';
import { selectUserSub } from '../../../machines/session.selectors';
import { useSignedInServices } from '../../app/signedInContext';
import { homeStore } from '../../app/homeStore';
import { HomeScreen } from './HomeScreen';
import { useOpenPayStart } from '../receive/payStart';
import { BotMessagesOffer } from './BotMessagesOffer';

/** /home (spec §2): starts the home machine with the live wallet actors and the persisted flags. */
export function HomePage() {
  const services = useSignedInServices();
  const { showToast } = services;
  const navigate = useNavigate();
  const { t } = useLingui();
  // Home is signed-in only, so the session has its user; read once, as the other persisted flags.
  const user = selectUserSub(services.session.getSnapshot());
  const home = useActorRef(
    homeMachine.provide({
      actors: { loadUserFlags: services.walletActors.loadUserFlags, addAssets: services.walletActors.addAssets },
      actions: {
        persistProtectDismissed: () => homeStore.saveProtectWalletShown(),
        persistBannerClosed: () => homeStore.saveTelegramBannerClosed(),
        persistTgLinked: ({ context }) => {
          if (user && context.flags) homeStore.saveTelegramLinked(user, context.flags.tgLinked);
        },
        // Straight into set-up (issue 22): the prompt asked for a passcode, not for the settings page.
        goToProtection: () => void navigate({ to: '/settings/wallet-protection/set' }),
        refreshBalances: () => services.balances.send({ type: 'balances.refreshRequested' }),
        reportAddFailed: () => showToast({ kind: 'error', message: t`Could not add the assets. Please try again.` }),
      },
    }),
    {
      input: {
        isTelegram: services.platform.isTelegram,
        protectDismissed: homeStore.protectWalletShown(),
        bannerClosed: homeStore.telegramBannerClosed(),
        hiddenAssets: homeStore.disabledAssets(),
        lastTgLinked: user ? homeStore.telegramLinked(user) : null,
      },
    },
  );
  useOpenPayStart(services.platform);
  // Issue 24: inside the Mini App, Telegram messages are offered once, after the first deposit.
  const offer =
    services.platform.requestWriteAccess && user && !homeStore.botOfferAnswered(user) ? (
      <BotMessagesOffer onAnswered={() => homeStore.saveBotOfferAnswered(user)} />
    ) : null;
  return <HomeScreen home={home} offer={offer} />;
}
