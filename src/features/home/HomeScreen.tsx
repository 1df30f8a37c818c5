import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { homeMachine } from '../../../machines/home.machine';
import { selectBannerShown, selectHiddenAssets, selectProtectPromptAllowed } from '../../../machines/home.selectors';
import { selectAssets, selectBalancesStale, selectBalancesStatus, selectRates } from '../../../machines/balances.selectors';
import { selectCoins, selectCoinsStatus } from '../../../machines/availableCoins.selectors';
import { selectCurrency } from '../../../machines/preferences.selectors';
import { portfolio } from '../../../machines/shared/portfolio';
import { useFormat } from '../../i18n/useFormat';
import { useServices } from '../../app/context';
import { ArrowDownLeft, ArrowLeftRight, ArrowUpRight, CreditCard } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { AssetList, AssetListSkeleton } from './AssetList';
import { FirstTime } from './FirstTime';
import { MessengerBanner, ProtectPrompt } from './Prompts';
import * as shell from '../shell/AppShell.css';
import * as css from './home.css';

type HomeActor = ActorRefFrom<typeof homeMachine>;

/** Loading, error, first-time, protection prompt or balances (spec §2 Home), from machine state only. */
export function HomeScreen({ home }: { home: HomeActor }) {
  const { coins, balances, preferences } = useServices();
  const format = useFormat();
  const coinsStatus = useSelector(coins, selectCoinsStatus);
  const balancesStatus = useSelector(balances, selectBalancesStatus);
  const catalogue = useSelector(coins, selectCoins);
  const assets = useSelector(balances, selectAssets);
  const rates = useSelector(balances, selectRates);
  const stale = useSelector(balances, selectBalancesStale);
  const fiat = useSelector(preferences, selectCurrency);
  const hidden = useSelector(home, selectHiddenAssets);
  const promptAllowed = useSelector(home, selectProtectPromptAllowed);
  const bannerShown = useSelector(home, selectBannerShown);
  const { rows, total } = useMemo(() => portfolio(assets, catalogue, rates, fiat, hidden), [assets, catalogue, rates, fiat, hidden]);

  const failed = coinsStatus === 'error' || balancesStatus === 'error';
  const loaded = coinsStatus === 'loaded' && balancesStatus === 'loaded';
  const held = new Set(assets.map((a) => a.currency));

  let body;
  if (failed) {
    body = (
      <div className={shell.card} role="alert">
        <p className={shell.muted}><Trans>Could not load your balances.</Trans></p>
        <Button
          variant="secondary"
          onClick={() => {
            if (coinsStatus === 'error') coins.send({ type: 'coins.retried' });
            if (balancesStatus === 'error') balances.send({ type: 'balances.retried' });
          }}
        >
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  } else if (!loaded) {
    body = <AssetListSkeleton />;
  } else if (assets.length === 0) {
    body = <FirstTime home={home} catalogue={catalogue} />;
  } else if (promptAllowed) {
    body = <ProtectPrompt home={home} />;
  } else {
    body = (
      <>
        <div className={css.sectionHead}>
          <h2 className={css.subtitle}><Trans>Assets</Trans></h2>
          <Link to="/manage-assets" className={css.link}><Trans>Manage assets</Trans></Link>
        </div>
        <AssetList rows={rows} fiat={fiat} />
      </>
    );
  }

  return (
    <Screen>
      <div className={shell.card}>
        <h1 id="home-title" className={css.totalLabel}><Trans>Total balance</Trans></h1>
        {loaded && total !== null ? (
          <p className={css.total} data-testid="total">{format.fiat(total, fiat)}</p>
        ) : failed ? (
          <p className={css.total} data-testid="total">—</p>
        ) : (
          <TotalSkeleton />
        )}
        {stale ? <p className={css.hint} role="status"><Trans>Offline, retrying…</Trans></p> : null}
      </div>
      <Actions swap={held.has('BTC') && held.has('USDT_TRX')} />
      {bannerShown ? <MessengerBanner home={home} /> : null}
      {body}
    </Screen>
  );
}

function TotalSkeleton() {
  const { t } = useLingui();
  return (
    <p className={css.total} data-testid="total" role="status" aria-label={t`Loading`}>
      <Skeleton width={160} height={34} />
    </p>
  );
}

const icon = { size: 20, strokeWidth: 2, 'aria-hidden': true } as const;

/** Icon + label tiles; the label carries the name, the icon is decorative. */
function Actions({ swap }: { swap: boolean }) {
  const { t } = useLingui();
  return (
    <nav className={css.actions} aria-label={t`Wallet actions`}>
      <Link to="/select-asset/$purpose" params={{ purpose: 'receive' }} className={css.action}>
        <ArrowDownLeft {...icon} /><span className={css.actionLabel}><Trans>Receive</Trans></span>
      </Link>
      <Link to="/select-asset/$purpose" params={{ purpose: 'send' }} className={css.action}>
        <ArrowUpRight {...icon} /><span className={css.actionLabel}><Trans>Send</Trans></span>
      </Link>
      <Link to="/home/buy-sell" className={css.action}>
        <CreditCard {...icon} /><span className={css.actionLabel}><Trans>Buy / Sell</Trans></span>
      </Link>
      {swap ? (
        // The swap flow has no route yet (its issue adds it): the shortcut opens the exchange screen meanwhile.
        <Link to="/exchange" className={css.action}>
          <ArrowLeftRight {...icon} /><span className={css.actionLabel}><Trans>Swap</Trans></span>
        </Link>
      ) : null}
    </nav>
  );
}
