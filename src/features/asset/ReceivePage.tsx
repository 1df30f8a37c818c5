import { useParams } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { receiveMachine } from '../../../machines/receive.machine';
import { ReceiveScreen } from './ReceiveScreen';
import { param, useAssetWiring } from './wiring';
import { useServices } from '../../app/context';
import { linkConfig } from '../../linkConfig';

function ReceiveRoute({ currency }: { currency: string }) {
  const { actors, toasts } = useAssetWiring();
  const { platform } = useServices();
  const actor = useActorRef(
    receiveMachine.provide({
      actors: { loadAddress: actors.loadAddress, copyText: actors.copyText, share: actors.share },
      actions: {
        notifyCopied: toasts.addressCopied,
        notifyCopyFailed: toasts.copyFailed,
        notifyShareFailed: toasts.shareFailed,
      },
    }),
    {
      input: {
        currency,
        appUrl: window.location.origin,
        telegramBot: platform.isTelegram ? linkConfig.telegramBotName : null,
      },
    },
  );
  return <ReceiveScreen actor={actor} />;
}

/** /home/asset/$currency/receive */
export function ReceivePage() {
  const currency = param(useParams({ strict: false }), 'currency');
  return <ReceiveRoute key={currency} currency={currency} />;
}
