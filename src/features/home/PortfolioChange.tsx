import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Asset } from '../../../contracts/wallet';
import { portfolioChangeMachine } from '../../../machines/portfolioChange.machine';
import { changeOf, pricedCurrencies, selectDayPrices } from '../../../machines/portfolioChange.selectors';
import { useSignedInServices } from '../../app/signedInContext';
import { useFormat } from '../../i18n/useFormat';
import { ChangeText } from './ChangeText';
import { createPortfolioChangeActors } from './changeServices';
import * as css from './home.css';

type Props = { assets: readonly Asset[]; fiat: string };

/** Under Home's total: what the coins held gained or lost in 24 h, or nothing while that is not known. */
export function PortfolioChangeView({
  actor,
  assets,
  fiat,
}: Props & { actor: ActorRefFrom<typeof portfolioChangeMachine> }) {
  const { hidden } = useFormat();
  const prices = useSelector(actor, selectDayPrices);
  const change = useMemo(() => changeOf(assets, prices), [assets, prices]);
  // Same height with or without a change, so the total card does not jump when it arrives.
  return (
    <p className={css.change}>
      {change ? (
        <ChangeText change={change} fiat={fiat} period="24h" showPeriod masked={hidden} testId="total-change" />
      ) : null}
    </p>
  );
}

function PortfolioChangeRoute({ currencies, ...props }: Props & { currencies: string[] }) {
  // Built here rather than through useFeatureActors: that module is a chunk of its own on Home (0.2 kB).
  const { api } = useSignedInServices().features;
  const actors = useMemo(() => createPortfolioChangeActors({ api: api.prices }), [api]);
  const actor = useActorRef(portfolioChangeMachine.provide({ actors }), { input: { currencies, fiat: props.fiat } });
  return <PortfolioChangeView actor={actor} {...props} />;
}

/** Another fiat or another set of coins held starts afresh; amounts that change reuse the prices. */
export function PortfolioChange({ assets, fiat }: Props) {
  const key = pricedCurrencies(assets).join(',');
  const currencies = useMemo(() => (key ? key.split(',') : []), [key]);
  if (currencies.length === 0) return null;
  return <PortfolioChangeRoute key={`${key}:${fiat}`} currencies={currencies} assets={assets} fiat={fiat} />;
}
