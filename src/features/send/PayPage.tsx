import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { payMachine } from '../../../machines/pay.machine';
import { useFeatureActors } from '../../app/featureActors';
import { PayScreen } from './PayScreen';
import { PREFILL_STATE } from './prefill';
import { formatPaymentUri, requestOfStartParam } from '../../../machines/shared/paymentUri';
import { createPayActors } from './payServices';

/** /pay?uri=<payment URI> (issue 25): the app's link to a request, and where a Telegram `startapp` one leads. */
export function PayPage() {
  const { uri, start } = useSearch({ strict: false }) as { uri?: unknown; start?: unknown };
  // `start`: a Telegram startapp value (pay-…), turned back into the request's URI.
  const request = typeof start === 'string' ? requestOfStartParam(start) : null;
  const text = typeof uri === 'string' ? uri : request ? (formatPaymentUri(request) ?? '') : '';
  return <PayRoute key={text} uri={text} />;
}

function PayRoute({ uri }: { uri: string }) {
  const navigate = useNavigate();
  const actors = useFeatureActors(createPayActors);
  const actor = useActorRef(
    payMachine.provide({
      actors,
      actions: {
        // The request travels in the history entry's state, not the URL: the send form reads it once.
        openSend: (_, request) =>
          void navigate({
            to: '/home/asset/$currency/send',
            params: { currency: request.currency },
            state: { [PREFILL_STATE]: { address: request.address, amount: request.amount ?? '' } },
            replace: true,
          }),
      },
    }),
  );
  useEffect(() => actor.send({ type: 'uri.opened', uri }), [actor, uri]);
  return <PayScreen actor={actor} />;
}
