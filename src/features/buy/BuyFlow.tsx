import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { buyMachine } from '../../../machines/buy.machine';
import {
  selectBuyStep,
  selectOrderActor,
  selectPayActor,
  selectReviewActor,
  selectStatusActor,
} from '../../../machines/buy.selectors';
import type { Coin } from '../../../contracts/wallet';
import { Spinner } from '../../ui/Spinner';
import { BuyOrderScreen } from './BuyOrderScreen';
import { BuyPayScreen } from './BuyPayScreen';
import { BuyReviewScreen } from './BuyReviewScreen';
import { BuyStatusScreen } from './BuyStatusScreen';

export type BuyActor = ActorRefFrom<typeof buyMachine>;

/** The screen of the buy flow's step: regions, amounts, review or the order's status. */
export function BuyFlow({ actor, coinOf }: { actor: BuyActor; coinOf: (currency: string) => Coin | null }) {
  const { t } = useLingui();
  const step = useSelector(actor, selectBuyStep);
  const pay = useSelector(actor, selectPayActor);
  const order = useSelector(actor, selectOrderActor);
  const review = useSelector(actor, selectReviewActor);
  const status = useSelector(actor, selectStatusActor);
  const currency = useSelector(actor, (s) => s.context.currency);
  const geoId = useSelector(actor, (s) => s.context.region?.geoId ?? '');
  const fiat = useSelector(actor, (s) => s.context.region?.fiatCurrency ?? '');
  if (step === 'pay' && pay) return <BuyPayScreen actor={pay} coin={coinOf(currency)} />;
  if (step === 'order' && order)
    return <BuyOrderScreen actor={order} back={{ to: '/buy/pay', search: { currency } }} />;
  if (step === 'review' && review)
    return <BuyReviewScreen actor={review} back={{ to: '/buy/order', search: { currency, geoId, fiat } }} />;
  if (step === 'status' && status) return <BuyStatusScreen actor={status} coinOf={coinOf} />;
  return <Spinner size={40} label={t`Loading`} />;
}
