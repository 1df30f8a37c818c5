import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { homeMachine } from '../../../machines/home.machine';
import { selectAddingSuggested } from '../../../machines/home.selectors';
import { SUGGESTED_ASSETS, type CoinMap } from '../../../machines/shared/coins';
import { AssetLine, assetCss } from '../../ui/AssetRow';
import { Button } from '../../ui/Button';
import * as shell from '../shell/AppShell.css';
import * as css from './home.css';

/** Spec §2/§9: no assets yet — suggest BTC, ETH and USDT_TRX, added in one call. */
export function FirstTime({ home, catalogue }: { home: ActorRefFrom<typeof homeMachine>; catalogue: CoinMap }) {
  const { t } = useLingui();
  const adding = useSelector(home, selectAddingSuggested);
  const suggested = SUGGESTED_ASSETS.filter((c) => catalogue[c]);
  return (
    <div className={shell.card} data-testid="first-time">
      <h2 className={css.subtitle}>
        <Trans>Start your wallet</Trans>
      </h2>
      <p className={shell.muted}>
        <Trans>Add the most popular assets to receive your first crypto.</Trans>
      </p>
      <ul className={assetCss.list} aria-label={t`Suggested assets`}>
        {suggested.map((currency) => (
          <li key={currency} className={assetCss.row}>
            <AssetLine currency={currency} coin={catalogue[currency]} />
          </li>
        ))}
      </ul>
      <Button busy={adding} onClick={() => home.send({ type: 'suggested.added' })}>
        <Trans>Add these assets</Trans>
      </Button>
    </div>
  );
}
