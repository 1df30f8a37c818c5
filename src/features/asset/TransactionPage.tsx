import { useParams } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { transactionDetailsMachine, type TransactionDetailsInput } from '../../../machines/transactionDetails.machine';
import { useFiatRate } from '../../app/fiatRate';
import { TransactionScreen } from './TransactionScreen';
import { param, useAssetWiring } from './wiring';

function TransactionRoute(input: TransactionDetailsInput) {
  const { actors, toasts, platform } = useAssetWiring();
  const { t, i18n } = useLingui();
  const actor = useActorRef(
    transactionDetailsMachine.provide({
      actors: { loadTransaction: actors.loadTransaction, copyText: actors.copyText },
      actions: {
        notifyCopied: (_, { field }) => (field === 'hash' ? toasts.hashCopied() : toasts.addressCopied()),
        notifyCopyFailed: toasts.copyFailed,
        openLink: (_, { url }) => platform.openLink(url),
        // Issue 25: amount, asset, date, hash and explorer link, in the user's language; never a balance.
        shareReceipt: (_, r) => {
          const date = i18n.date(new Date(r.date), { dateStyle: 'medium', timeStyle: 'short' });
          const lines = [
            t`Receipt`,
            t`Amount: ${r.amount} ${r.currency}`,
            t`Date: ${date}`,
            ...(r.hash ? [t`Transaction hash: ${r.hash}`] : []),
          ];
          const shared = platform.share?.({
            text: lines.join('\n'),
            ...(r.explorerLink ? { url: r.explorerLink } : {}),
          });
          void shared?.catch(toasts.shareFailed);
        },
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
