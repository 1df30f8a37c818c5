import type { ReactNode } from 'react';
import type { Coin } from '../../contracts/wallet';
import { assetDisplayName, shortAssetName } from '../i18n/assetName';
import { CoinLogo } from './CoinLogo';
import * as css from './AssetRow.css';

/** Logo, name and network on the left, anything (amounts, a switch) on the right. */
export function AssetLine({ currency, coin, right }: { currency: string; coin: Coin | null; right?: ReactNode }) {
  const { unit, network } = assetDisplayName(coin ?? currency);
  return (
    <>
      <CoinLogo logoName={coin?.logoName ?? currency} secondaryLogoName={coin?.token ? coin.secondaryLogoName : null} />
      <span className={css.names}>
        <span className={css.primary} title={coin?.name}>
          {coin ? shortAssetName(coin.name) : unit}
        </span>
        <span className={css.secondary}>
          {unit}
          {network ? (
            <>
              {' '}
              <NetworkBadge network={network} />
            </>
          ) : null}
        </span>
      </span>
      {right}
    </>
  );
}

/** The network beside a ticker ("USDT TRC-20"), so two USDTs never read the same. */
export function NetworkBadge({ network }: { network: string }) {
  return (
    <span className={css.badge} data-testid="network-badge">
      {network}
    </span>
  );
}

export const assetCss = css;
