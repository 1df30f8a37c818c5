import { useMemo } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { buyOrderMachine } from '../../../machines/buyOrder.machine';
import { buyPayMachine } from '../../../machines/buyPay.machine';
import { buyReviewMachine, type BuyChoice } from '../../../machines/buyReview.machine';
import { buyStatusMachine } from '../../../machines/buyStatus.machine';
import { selectAssetMachine } from '../../../machines/selectAsset.machine';
import { selectFiltering, selectQuery } from '../../../machines/selectAsset.selectors';
import { selectCoins, selectCoinsStatus } from '../../../machines/availableCoins.selectors';
import { matchesQuery } from '../../../machines/shared/portfolio';
import { useSignedInServices } from '../../app/signedInContext';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { AssetLine, assetCss } from '../../ui/AssetRow';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { AssetListSkeleton } from '../home/AssetList';
import * as assetsCss from '../assets/assets.css';
import * as shell from '../shell/AppShell.css';
import { BuyOrderScreen } from './BuyOrderScreen';
import { BuyPayScreen } from './BuyPayScreen';
import { BuyReviewScreen } from './BuyReviewScreen';
import { BuyStatusScreen } from './BuyStatusScreen';
import { buyMessages } from './messages';
import { openPaymentPage } from './redirect';
import { createBuyActors } from './services';
import { buyDrafts, pendingBuy } from './storage';

const buyActors = (deps: FeatureDeps) => createBuyActors(deps);

/** The coin and region chosen on /buy/get and /buy/pay, carried in the URL (a reload keeps them). */
function useChoice(from: '/signed-in/buy/order' | '/signed-in/buy/order/review'): BuyChoice | null {
  const { currency = '', geoId = '', fiat = '' } = useSearch({ from });
  return currency && geoId && fiat ? { currency, geoId, fiatCurrency: fiat } : null;
}

const searchOf = (c: BuyChoice) => ({ currency: c.currency, geoId: c.geoId, fiat: c.fiatCurrency });

/** /buy/get (spec §2): only active crypto coins of the catalogue, with search. */
export function BuyGetPage() {
  const { coins } = useSignedInServices();
  const { t } = useLingui();
  const search = useActorRef(selectAssetMachine);
  const query = useSelector(search, selectQuery);
  const filtering = useSelector(search, selectFiltering);
  const catalogue = useSelector(coins, selectCoins);
  const status = useSelector(coins, selectCoinsStatus);
  const offered = useMemo(
    () =>
      Object.values(catalogue).filter(
        (c) => c.active && c.crypto && (!filtering || matchesQuery(c.currency, c, query)),
      ),
    [catalogue, filtering, query],
  );

  let body;
  if (status === 'error') {
    body = (
      <div className={shell.card} role="alert">
        <p className={shell.muted}>
          <Trans>Could not load the coins.</Trans>
        </p>
        <Button variant="secondary" onClick={() => coins.send({ type: 'coins.retried' })}>
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  } else if (status === 'loading') {
    body = <AssetListSkeleton />;
  } else if (offered.length === 0) {
    body = (
      <p className={shell.muted} role="status">
        {filtering ? <Trans>No coins match “{query}”.</Trans> : <Trans>No coins can be bought now.</Trans>}
      </p>
    );
  } else {
    body = (
      <ul className={assetCss.list} aria-label={t`Coins`}>
        {offered.map((coin) => (
          <li key={coin.currency}>
            <Link to="/buy/pay" search={{ currency: coin.currency }} className={assetCss.row}>
              <AssetLine currency={coin.currency} coin={coin} />
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Screen back={{ to: '/home/buy-sell' }} title={<Trans>Choose a coin to buy</Trans>}>
      <input
        type="search"
        className={assetsCss.search}
        aria-label={t`Search by name or code`}
        placeholder={t`Search`}
        value={query}
        onChange={(e) => search.send({ type: 'search.changed', query: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Escape') search.send({ type: 'search.cleared' });
        }}
      />
      {body}
    </Screen>
  );
}

/** /buy/pay (spec §2): the fiat currency or region. */
export function BuyPayPage() {
  const { currency = '' } = useSearch({ from: '/signed-in/buy/pay' });
  if (!currency) return <Navigate to="/buy/get" replace />;
  return <BuyPay key={currency} currency={currency} />;
}

function BuyPay({ currency }: { currency: string }) {
  const { coins } = useSignedInServices();
  const actors = useFeatureActors(buyActors);
  const actor = useActorRef(buyPayMachine.provide({ actors: actors.buyPay }), { input: { currency } });
  const coin = useSelector(coins, (s) => selectCoins(s)[currency] ?? null);
  return <BuyPayScreen actor={actor} coin={coin} />;
}

/** /buy/order (spec §2, §5). */
export function BuyOrderPage() {
  const choice = useChoice('/signed-in/buy/order');
  if (!choice) return <Navigate to="/buy/get" replace />;
  return <BuyOrder key={JSON.stringify(choice)} choice={choice} />;
}

function BuyOrder({ choice }: { choice: BuyChoice }) {
  const actors = useFeatureActors(buyActors);
  const navigate = useNavigate();
  const actor = useActorRef(
    buyOrderMachine.provide({
      actors: actors.buyOrder,
      actions: {
        showReview: (_, { draft }) => {
          buyDrafts.save(draft);
          void navigate({ to: '/buy/order/review', search: searchOf(choice) });
        },
      },
    }),
    { input: choice },
  );
  return <BuyOrderScreen actor={actor} back={{ to: '/buy/pay', search: { currency: choice.currency } }} />;
}

/** /buy/order/review (spec §2, §4). */
export function BuyReviewPage() {
  const choice = useChoice('/signed-in/buy/order/review');
  if (!choice) return <Navigate to="/buy/get" replace />;
  return <BuyReview choice={choice} />;
}

function BuyReview({ choice }: { choice: BuyChoice }) {
  const { platform, showToast } = useSignedInServices();
  const actors = useFeatureActors(buyActors);
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const actor = useActorRef(
    buyReviewMachine.provide({
      actors: actors.buyReview,
      actions: {
        showOrder: () => void navigate({ to: '/buy/order', search: searchOf(choice), replace: true }),
        saveDraft: (_, { draft }) => {
          if (draft) buyDrafts.save(draft);
        },
        openPayment: (_, { order }) => {
          pendingBuy.remember(order.orderId);
          openPaymentPage(platform, order.url);
          // Inside the messenger the payment page opens outside the mini-app: the app follows the order meanwhile.
          if (platform.isTelegram)
            void navigate({ to: '/buy/status/$orderId', params: { orderId: order.orderId }, replace: true });
        },
        notifyFailed: (_, { failure }) =>
          showToast({
            kind: 'error',
            message:
              failure.code === 'UNKNOWN' && !failure.message
                ? i18n._(buyMessages.keyFailed)
                : failure.message || i18n._(buyMessages.somethingWentWrong),
          }),
      },
    }),
  );
  return <BuyReviewScreen actor={actor} back={{ to: '/buy/order', search: searchOf(choice) }} />;
}

/** The return screen: /buy/status/$orderId (contracts/buy.ts BUY_RETURN_PATH). */
export function BuyStatusPage() {
  const { orderId } = useParams({ strict: false }) as { orderId?: string };
  if (!orderId) return <Navigate to="/home" replace />;
  return <BuyStatus key={orderId} orderId={orderId} />;
}

function BuyStatus({ orderId }: { orderId: string }) {
  const { coins, balances } = useSignedInServices();
  const actors = useFeatureActors(buyActors);
  const catalogue = useSelector(coins, selectCoins);
  const actor = useActorRef(
    buyStatusMachine.provide({
      actors: actors.buyStatus,
      actions: {
        forgetPending: () => {
          pendingBuy.forget(orderId);
          buyDrafts.clear();
          // The new balance shows at once on Home, not at the next 10 s poll.
          balances.send({ type: 'balances.refreshRequested' });
        },
      },
    }),
    { input: { orderId } },
  );
  return <BuyStatusScreen actor={actor} coinOf={(currency) => catalogue[currency] ?? null} />;
}
