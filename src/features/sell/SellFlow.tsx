import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { selectAmountActor, selectCardActor, selectSellStep } from '../../../machines/sell.selectors';
import type { FiatRate } from '../../i18n/format';
import { Skeleton } from '../asset/parts';
import { SellAmountScreen } from './SellAmountScreen';
import { SellCardScreen } from './SellCardScreen';
import { SellReviewScreen, type SellActor } from './SellReviewScreen';
import { SellSuccessScreen } from './SellSuccessScreen';

/** The screen for the sell machine's step: amount, card, review (with the passcode step) or success. */
export function SellFlow({ actor, rate = null }: { actor: SellActor; rate?: FiatRate | null }) {
  const { t } = useLingui();
  const step = useSelector(actor, selectSellStep);
  const amount = useSelector(actor, selectAmountActor);
  const card = useSelector(actor, selectCardActor);
  const currency = useSelector(actor, (s) => s.context.currency);
  if (step === 'order' && amount) return <SellAmountScreen actor={amount} currency={currency} rate={rate} />;
  if (step === 'card' && card) return <SellCardScreen actor={card} onBack={() => actor.send({ type: 'card.back' })} />;
  if (step === 'review') return <SellReviewScreen actor={actor} rate={rate} />;
  if (step === 'success') return <SellSuccessScreen actor={actor} />;
  return <Skeleton rows={3} label={t`Loading`} />;
}
