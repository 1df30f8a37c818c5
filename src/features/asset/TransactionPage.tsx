import { useParams } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { transactionDetailsMachine, type TransactionDetailsInput } from '../../../machines/transactionDetails.machine';
import { useFiatRate } from '../../app/fiatRate';
import { TransactionScreen } from './TransactionScreen';
import { param, useAssetWiring } from './wiring';

function TransactionRoute(input: TransactionDetailsInput) {
  const { actors, toasts, platform } = useAssetWiring();
  const actor = useActorRef(
    transactionDetailsMachine.provide({
      actors: { loadTransaction: actors.loadTransaction, copyText: actors.copyText },
      actions: {
        notifyCopied: (_, { field }) => (field === 'hash' ? toasts.hashCopied() : toasts.addressCopied()),
        notifyCopyFailed: toasts.copyFailed,
        openLink: (_, { url }) => platform.openLink(url),
      },
    }),
    { input },
  );
  const rate = useFiatRate(input.currency);
  return <TransactionScreen actor={actor} rate={rate} />;
}

/** /home/asset/$currency/transaction/$id/$type */
export function TransactionPage() {
  const params = useParams({ strict: false });
  const input = { currency: param(params, 'currency'), id: param(params, 'id'), type: param(params, 'type') };
  return <TransactionRoute key={`${input.currency}/${input.id}/${input.type}`} {...input} />;
}
