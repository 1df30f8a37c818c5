import { useMemo, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { homeMachine } from '../../../machines/home.machine';
import { selectBannerShown, selectHiddenAssets, selectProtectPromptAllowed } from '../../../machines/home.selectors';
import { selectAssets, selectBalancesStatus, selectRates } from '../../../machines/balances.selectors';
import { selectCoins, selectCoinsStatus } from '../../../machines/availableCoins.selectors';
import { selectBalancesHidden, selectCurrency } from '../../../machines/preferences.selectors';
import { portfolio } from '../../../machines/shared/portfolio';
import { useFormat } from '../../i18n/useFormat';
import { useSignedInServices } from '../../app/signedInContext';
import { ArrowDownLeft, ArrowLeftRight, ArrowUpRight, CreditCard, Eye, EyeOff } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { AssetList, AssetListSkeleton } from './AssetList';
import { FirstTime } from './FirstTime';
import { MessengerBanner, ProtectPrompt } from './Prompts';
import { PortfolioChange } from './PortfolioChange';
import { UpdatedAt, useBalancesDated } from './Freshness';
import { FRESHNESS_ID } from './freshnessId';
import * as shell from '../shell/AppShell.css';
import * as css from './home.css';

type HomeActor = ActorRefFrom<typeof homeMachine>;

/**
 * Loading, error, first-time, protection prompt or balances (spec §2 Home), from machine state only;
 * `offer` is the page's Telegram messages offer (issue 24), shown above the body when it has something.
 */
export function HomeScreen({ home, offer }: { home: HomeActor; offer?: ReactNode }) {
  const { coins, balances, preferences } = useSignedInServices();
  const format = useFormat();
  const coinsStatus = useSelector(coins, selectCoinsStatus);
  const balancesStatus = useSelector(balances, selectBalancesStatus);
  const catalogue = useSelector(coins, selectCoins);
  const assets = useSelector(balances, selectAssets);
  const rates = useSelector(balances, selectRates);
  const dated = useBalancesDated();
  const fiat = useSelector(preferences, selectCurrency);
  const hidden = useSelector(home, selectHiddenAssets);
  const promptAllowed = useSelector(home, selectProtectPromptAllowed);
  const bannerShown = useSelector(home, selectBannerShown);
  const { rows, total } = useMemo(
    () => portfolio(assets, catalogue, rates, fiat, hidden),
    [assets, catalogue, rates, fiat, hidden],
  );

  const failed = coinsStatus === 'error' || balancesStatus === 'error';
  const loaded = coinsStatus === 'loaded' && balancesStatus === 'loaded';
  const held = new Set(assets.map((a) => a.currency));

  let body;
  if (failed) {
    body = (
      <div className={shell.card} role="alert">
        <p className={shell.muted}>
          <Trans>Could not load your balances.</Trans>
        </p>
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
          <h2 className={css.subtitle}>
            <Trans>Assets</Trans>
          </h2>
          <Link to="/manage-assets" className={css.link}>
            <Trans>Manage assets</Trans>
          </Link>
        </div>
        <AssetList rows={rows} fiat={fiat} dated={dated} />
        <Link to="/history" className={css.link}>
          <Trans>All transactions</Trans>
        </Link>
      </>
    );
  }

  return (
    <Screen>
      <div className={shell.card}>
        <div className={css.totalHead}>
          <h1 id="home-title" className={css.totalLabel}>
            <Trans>Total balance</Trans>
          </h1>
          <HideBalancesToggle />
        </div>
        {loaded && total !== null ? (
          <p
            className={dated ? `${css.total} ${css.dated}` : css.total}
            data-testid="total"
            data-dated={dated || undefined}
            aria-describedby={dated ? FRESHNESS_ID : undefined}
          >
            {format.fiat(total, fiat)}
          </p>
        ) : failed ? (
          <p className={css.total} data-testid="total">
            —
          </p>
        ) : loaded && dated ? (
          // The balances came but their prices did not, and no fresh answer is coming for now (offline,
          // or the poll failing): a loading placeholder would promise what cannot arrive.
          <p className={`${css.total} ${css.dated}`} data-testid="total" data-dated aria-describedby={FRESHNESS_ID}>
            —
          </p>
        ) : (
          <TotalSkeleton />
        )}
        {loaded && total !== null ? <PortfolioChange assets={assets} fiat={fiat} /> : null}
        {dated && loaded ? <UpdatedAt /> : null}
      </div>
      <Actions preselect={held.has('BTC') && held.has('USDT_TRX')} />
      {bannerShown ? <MessengerBanner home={home} /> : null}
      {/* One question at a time: the messages offer waits while Home asks for a passcode. */}
      {promptAllowed && loaded && !failed ? null : offer}
      {body}
    </Screen>
  );
}

/**
 * The eye (issue 14): one named toggle whose pressed state says whether amounts are hidden; the
 * preferences machine stores it and the formatters (src/i18n/useFormat.ts) mask every amount.
 */
function HideBalancesToggle() {
  const { t } = useLingui();
  const { preferences } = useSignedInServices();
  const hidden = useSelector(preferences, selectBalancesHidden);
  return (
    <button
      type="button"
      className={css.eye}
      aria-pressed={hidden}
      aria-label={t`Hide balances`}
      onClick={() => preferences.send({ type: 'balances.hideToggled' })}
    >
      {hidden ? <EyeOff {...icon} /> : <Eye {...icon} />}
    </button>
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
function Actions({ preselect }: { preselect: boolean }) {
  const { t } = useLingui();
  return (
    <nav className={css.actions} aria-label={t`Wallet actions`}>
      <Link to="/select-asset/$purpose" params={{ purpose: 'receive' }} className={css.action}>
        <ArrowDownLeft {...icon} />
        <span className={css.actionLabel}>
          <Trans>Receive</Trans>
        </span>
      </Link>
      <Link to="/select-asset/$purpose" params={{ purpose: 'send' }} className={css.action}>
        <ArrowUpRight {...icon} />
        <span className={css.actionLabel}>
          <Trans>Send</Trans>
        </span>
      </Link>
      <Link to="/home/buy-sell" className={css.action}>
        <CreditCard {...icon} />
        <span className={css.actionLabel}>
          <Trans>Buy / Sell</Trans>
        </span>
      </Link>
      {/* Spec §2: the swap shortcut preselects BTC → USDT_TRX when both are held; otherwise the source is picked first. */}
      <Link to="/swap/order" search={preselect ? { from: 'BTC', to: 'USDT_TRX' } : {}} className={css.action}>
        <ArrowLeftRight {...icon} />
        <span className={css.actionLabel}>
          <Trans>Swap</Trans>
        </span>
      </Link>
    </nav>
  );
}
