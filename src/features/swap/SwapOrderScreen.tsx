import { ArrowUpDown, ChevronDown } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coin } from '../../../contracts/wallet';
import {
  selectAmountProblem,
  selectAmounts,
  selectAvailable,
  selectCanContinue,
  selectCanMax,
  selectCanShare,
  selectCanSwapSides,
  selectFrom,
  selectFromCoin,
  selectQuoteFailed,
  selectQuoting,
  selectRate,
  selectTo,
  selectToCoin,
} from '../../../machines/swap.selectors';
import { isCompleteAmount, toWireAmount } from '../../../machines/shared/amountInput';
import { assetDisplayName, assetUnit } from '../../i18n/assetName';
import { formatPercent, type FiatRate } from '../../i18n/format';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { CoinLogo } from '../../ui/CoinLogo';
import { Screen } from '../../ui/Screen';
import { useMoneyHold } from '../shell/moneyHold';
import { TextField } from '../../ui/TextField';
import { swapMessages } from './messages';
import type { SwapActor } from './PickAssetScreen';
import * as shell from '../shell/AppShell.css';
import * as css from './swap.css';
import { ResetHoldNotice } from '../passcode/ResetHoldNotice';

const icon = { size: 20, strokeWidth: 2, 'aria-hidden': true } as const;

export type SwapRates = { from: FiatRate | null; to: FiatRate | null };

/** The chosen asset as a button that opens its picker; its accessible name includes the visible name (axe). */
function AssetButton({
  currency,
  coin,
  side,
  onClick,
}: {
  currency: string;
  coin: Coin | null;
  side: 'pay' | 'get';
  onClick: () => void;
}) {
  const { t } = useLingui();
  const { label: name, unit, network } = assetDisplayName(coin ?? currency);
  return (
    <button
      type="button"
      className={css.assetButton}
      aria-label={side === 'pay' ? t`Change what you pay: ${name}` : t`Change what you get: ${name}`}
      onClick={onClick}
    >
      <CoinLogo logoName={coin?.logoName ?? currency} secondaryLogoName={coin?.token ? coin.secondaryLogoName : null} />
      {/* The network under the ticker, smaller: "USDT TRC-20" fits at 360 px without a break or a cut. */}
      <span className={css.assetName}>
        <span>{unit}</span>
        {/* The space keeps the text "USDT TRC-20", as the accessible name says it (axe). */}
        {network ? (
          <>
            {' '}
            <span className={css.assetNetwork}>{network}</span>
          </>
        ) : null}
      </span>
      <ChevronDown {...icon} />
    </button>
  );
}

/**
 * /swap/order (spec §2, §4, §5): the amount on either side (the last edited drives the other), 25 %, 50 %, Max,
 * the rate, the limit and funds errors, and the sides' swap when the reverse pair exists.
 */
export function SwapOrderScreen({ actor, rates }: { actor: SwapActor; rates: SwapRates }) {
  const hold = useMoneyHold();
  const { t, i18n } = useLingui();
  const format = useFormat();
  const from = useSelector(actor, selectFrom) ?? '';
  const to = useSelector(actor, selectTo) ?? '';
  const fromCoin = useSelector(actor, selectFromCoin);
  const toCoin = useSelector(actor, selectToCoin);
  const available = useSelector(actor, selectAvailable);
  const amounts = useSelector(actor, selectAmounts);
  const quoting = useSelector(actor, selectQuoting);
  const quoteFailed = useSelector(actor, selectQuoteFailed);
  const problem = useSelector(actor, selectAmountProblem);
  const rate = useSelector(actor, selectRate);
  const canSwapSides = useSelector(actor, selectCanSwapSides);
  const canMax = useSelector(actor, selectCanMax);
  const canShare = useSelector(actor, selectCanShare);
  const canContinue = useSelector(actor, selectCanContinue);
  const fromUnit = assetUnit(fromCoin, from);
  const availableText = available === null ? '0' : format.balance(available, fromCoin);
  const toUnit = assetUnit(toCoin, to);
  const fiatOf = (value: string, fiatRate: FiatRate | null) =>
    value !== '' && isCompleteAmount(toWireAmount(value)) ? format.fiatOf(toWireAmount(value), fiatRate) : null;
  const fromFiat = fiatOf(amounts.source, rates.from);
  const toFiat = fiatOf(amounts.destination, rates.to);
  const error =
    problem === null
      ? undefined
      : problem.kind === 'notEnough'
        ? i18n._(swapMessages.notEnough)
        : i18n._((problem.kind === 'min' ? swapMessages.minLimit : swapMessages.maxLimit).id, {
            amount: format.figure.crypto(problem.amount, null),
            currency: assetUnit(fromCoin, problem.currency),
          });

  return (
    <Screen
      hold={hold}
      back={{ to: '/home' }}
      title={<Trans>Swap</Trans>}
      busy={quoting}
      onSubmit={() => actor.send({ type: 'form.submitted' })}
      primary={
        <Button type="submit" disabled={!canContinue}>
          <Trans>Continue</Trans>
        </Button>
      }
    >
      <ResetHoldNotice />
      <div className={css.side}>
        <div className={css.sideHead}>
          <p className={css.sideLabel}>
            <Trans>You pay</Trans>
          </p>
          <AssetButton
            currency={from}
            coin={fromCoin}
            side="pay"
            onClick={() => actor.send({ type: 'source.requested' })}
          />
        </div>
        <TextField
          label={t`You pay, ${fromUnit}`}
          hideLabel
          value={amounts.source}
          inputMode="decimal"
          placeholder="0"
          autoComplete="off"
          onValueChange={(value) => actor.send({ type: 'amount.changed', side: 'source', value })}
          error={error}
        />
        <div className={css.chips} role="group" aria-label={t`Part of the balance`}>
          {([25, 50] as const).map((share) => (
            <button
              key={share}
              type="button"
              className={css.chip}
              disabled={!canShare}
              onClick={() => actor.send({ type: 'share.requested', share })}
            >
              {formatPercent(String(share), format.locale)}
            </button>
          ))}
          <button
            type="button"
            className={css.chip}
            disabled={!canMax}
            onClick={() => actor.send({ type: 'max.requested' })}
          >
            <Trans>Max</Trans>
          </button>
        </div>
        {fromFiat === null ? null : (
          <p className={css.note} data-testid="swap-source-fiat">
            ≈ {fromFiat}
          </p>
        )}
        <p className={css.note} data-testid="swap-available">
          <Trans>
            Available: {availableText} {fromUnit}
          </Trans>
        </p>
      </div>
      <button
        type="button"
        className={css.flip}
        aria-label={t`Swap ${fromUnit} and ${toUnit}`}
        title={canSwapSides ? undefined : t`${toUnit} cannot be swapped to ${fromUnit}`}
        disabled={!canSwapSides}
        onClick={() => actor.send({ type: 'sides.swapped' })}
      >
        <ArrowUpDown {...icon} />
      </button>
      <div className={css.side}>
        <div className={css.sideHead}>
          <p className={css.sideLabel}>
            <Trans>You get</Trans>
          </p>
          <AssetButton
            currency={to}
            coin={toCoin}
            side="get"
            onClick={() => actor.send({ type: 'destination.requested' })}
          />
        </div>
        <TextField
          label={t`You get, ${toUnit}`}
          hideLabel
          value={amounts.destination}
          inputMode="decimal"
          placeholder="0"
          autoComplete="off"
          onValueChange={(value) => actor.send({ type: 'amount.changed', side: 'destination', value })}
        />
        {toFiat === null ? null : (
          <p className={css.note} data-testid="swap-destination-fiat">
            ≈ {toFiat}
          </p>
        )}
      </div>
      <p className={css.rate} data-testid="swap-rate" aria-live="polite">
        {quoting ? (
          <Trans>Getting the rate…</Trans>
        ) : rate !== null ? (
          <>
            1 {fromUnit} ≈ {format.figure.crypto(rate, toCoin)} {toUnit}
          </>
        ) : (
          <Trans>Enter an amount to see the rate</Trans>
        )}
      </p>
      {quoteFailed ? (
        <div role="alert" className={shell.card}>
          <p className={shell.muted}>{i18n._(swapMessages.somethingWentWrong)}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'quote.retried' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : null}
    </Screen>
  );
}
