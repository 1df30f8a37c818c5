import type { ReactNode } from 'react';
import type { Coin } from '../../contracts/wallet';
import { CoinLogo } from './CoinLogo';
import * as css from './AssetRow.css';

/** Logo, name and network on the left, anything (amounts, a switch) on the right. */
export function AssetLine({ currency, coin, right }: { currency: string; coin: Coin | null; right?: ReactNode }) {
  return (
    <>
      <CoinLogo logoName={coin?.logoName ?? currency} secondaryLogoName={coin?.token ? coin.secondaryLogoName : null} />
      <span className={css.names}>
        <span className={css.primary}>{coin?.name ?? currency}</span>
        <span className={css.secondary}>{coin && currency.includes('_') ? `${displayCode(currency)} · ${coin.blockchain}` : displayCode(currency)}</span>
      </span>
      {right}
    </>
  );
}

/** USDT_TRX → USDT: the network is written beside it. */
export const displayCode = (currency: string) => currency.split('_')[0];

export const assetCss = css;
