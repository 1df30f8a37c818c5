import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { CopyField, transactionDetailsMachine } from '../../../machines/transactionDetails.machine';
import {
  selectCopyingField,
  selectDetailsCoin,
  selectDetailsError,
  selectDetailsFailed,
  selectDetailsLoading,
  selectTransaction,
} from '../../../machines/transactionDetails.selectors';
import { shortenAddress } from '../../../machines/shared/address';
import {
  amountTone,
  classify,
  confirmationsOf,
  exactAmount,
  feeLine,
  signedAmount,
  titleOf,
  toneOf,
} from '../../../machines/shared/transactions';
import { assetUnit } from '../../i18n/assetName';
import type { FiatRate } from '../../i18n/format';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { stateMessages, titleMessages } from './messages';
import { formatDateTime, networkName } from './network';
import { ClassIcon, CopyButton, ExternalIcon, LoadFailed, ShareIcon, Skeleton, StateBadge } from './parts';
import * as shell from '../shell/AppShell.css';
import * as css from './asset.css';

export type TransactionDetailsActor = ActorRefFrom<typeof transactionDetailsMachine>;

/** A term and its value on one line; `stacked` puts long values (addresses, hashes) under the term. */
function Item({
  term,
  children,
  testId,
  stacked,
}: {
  term: string;
  children: ReactNode;
  testId: string;
  stacked?: boolean;
}) {
  return (
    <div className={stacked ? css.detailStack : css.detailRow} data-testid={testId}>
      <dt className={css.term}>{term}</dt>
      <dd className={stacked ? css.copyRow : css.value}>{children}</dd>
    </div>
  );
}

/**
 * /home/asset/{currency}/transaction/{id}/{type}: one transaction, addresses and hash copyable (spec §2).
 * Fiat values use today's rate (the transaction carries none), so they read "≈".
 */
export function TransactionScreen({ actor, rate = null }: { actor: TransactionDetailsActor; rate?: FiatRate | null }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const currency = useSelector(actor, (s) => s.context.currency);
  const loading = useSelector(actor, selectDetailsLoading);
  const failed = useSelector(actor, selectDetailsFailed);
  const error = useSelector(actor, selectDetailsError);
  const tx = useSelector(actor, selectTransaction);
  const coin = useSelector(actor, selectDetailsCoin);
  const copying = useSelector(actor, selectCopyingField);
  const unit = assetUnit(coin, currency);
  const amountFiat = tx ? format.fiatOf(tx.amount.replace(/^[-+]/, ''), rate) : null;
  const copyLabels: Record<CopyField, string> = {
    from: t`Copy sender address`,
    to: t`Copy recipient address`,
    hash: t`Copy transaction hash`,
  };
  const copyable = (field: CopyField, value: string) => (
    <>
      <span className={css.copyValue} title={value}>
        {shortenAddress(value, 15)}
      </span>
      <CopyButton
        label={copyLabels[field]}
        busy={copying === field}
        onClick={() => actor.send({ type: 'copy.requested', field })}
      />
    </>
  );
  const progress = tx ? confirmationsOf(tx) : null;
  const fee = tx ? feeLine(tx) : null;
  const feeFiat = fee?.kind === 'charged' ? format.fiatOf(fee.fee, rate) : null;
  const tone = tx ? toneOf(tx) : 'default';
  const exact = tx ? exactAmount(tx, coin?.round ?? null) : null;
  // A card buy (F2C): what was paid, at which rate, with which card, under which order.
  const buy = tx?.transactionType === 'F2C' ? tx : null;
  const buyFiat = buy?.fiatCurrency ?? buy?.fromCurrency ?? null;

  return (
    <Screen
      back={{ to: `/home/asset/${encodeURIComponent(currency)}` }}
      title={
        tx ? (
          <span className={css.tone[tone]} data-tone={tone}>
            {i18n._(titleMessages[titleOf(tx)])}
          </span>
        ) : (
          <Trans>Transaction</Trans>
        )
      }
      titleId="tx-title"
      busy={loading}
      secondary={
        tx?.explorerLink || tx?.state === 'COMPLETED' ? (
          <>
            {tx.state === 'COMPLETED' ? (
              <Button variant="secondary" onClick={() => actor.send({ type: 'receipt.shared' })}>
                <ShareIcon />
                <Trans>Share receipt</Trans>
              </Button>
            ) : null}
            {tx.explorerLink ? (
              <Button variant="ghost" onClick={() => actor.send({ type: 'explorer.opened' })}>
                <Trans>View in explorer</Trans> <ExternalIcon />
              </Button>
            ) : null}
          </>
        ) : undefined
      }
    >
      {loading ? <Skeleton rows={5} label={t`Loading transaction`} /> : null}
      {failed ? (
        <LoadFailed onRetry={() => actor.send({ type: 'details.retried' })}>
          {error?.kind === 'notFound' ? (
            <Trans>This transaction was not found.</Trans>
          ) : (
            <Trans>Could not load the transaction.</Trans>
          )}
        </LoadFailed>
      ) : null}
      {tx ? (
        <>
          <div className={css.header}>
            <ClassIcon kind={classify(tx)} state={tx.state} large />
            <p
              className={`${css.balance} ${css.amount[amountTone(tx)]}`}
              data-testid="tx-amount"
              data-tone={amountTone(tx)}
            >
              {signedAmount(tx, coin?.round ?? null, (value) => format.crypto(value, coin))} {unit}
            </p>
            {amountFiat === null ? null : (
              <p className={shell.muted} data-testid="tx-amount-fiat">
                ≈ {amountFiat}
              </p>
            )}
            {tx.transactionType === 'EXCHANGE' && tx.fromAmount && tx.toAmount ? (
              <p className={shell.muted} data-testid="tx-swap">
                {format.crypto(tx.fromAmount, null)} {assetUnit(null, tx.fromCurrency ?? '')} →{' '}
                {format.crypto(tx.toAmount, null)} {assetUnit(null, tx.toCurrency ?? '')}
              </p>
            ) : null}
          </div>
          <dl className={`${shell.card} ${css.details}`}>
            <Item term={t`Status`} testId="tx-state">
              <StateBadge state={tx.state}>{i18n._(stateMessages[tx.state])}</StateBadge>
            </Item>
            {progress ? (
              <Item term={t`Confirmations`} testId="tx-confirmations">
                <Trans>
                  {progress.done} of {progress.required}
                </Trans>
              </Item>
            ) : null}
            {exact === null ? null : (
              <Item term={t`Exact amount`} testId="tx-exact">
                {format.crypto(exact, null)} {unit}
              </Item>
            )}
            {buy?.fromAmount && buyFiat ? (
              <Item term={t`Paid`} testId="tx-paid">
                {format.fiat(buy.fromAmount, buyFiat)}
              </Item>
            ) : null}
            {buy?.exchangeRate && buyFiat ? (
              <Item term={t`Rate`} testId="tx-rate">
                1 {unit} = {format.figure.fiat(buy.exchangeRate, buyFiat)}
              </Item>
            ) : null}
            {buy?.maskedCard ? (
              <Item term={t`Card`} testId="tx-card">
                {buy.maskedCard}
              </Item>
            ) : null}
            {buy?.orderId ? (
              <Item term={t`Order`} testId="tx-order" stacked>
                <span className={css.idValue}>{buy.orderId}</span>
              </Item>
            ) : null}
            <Item term={t`Date`} testId="tx-date">
              <time dateTime={tx.createdDate}>{formatDateTime(tx.createdDate, i18n.locale || 'en')}</time>
            </Item>
            {fee ? (
              <Item term={t`Fee`} testId="tx-fee">
                {fee.kind === 'charged' ? (
                  <>
                    {format.crypto(fee.fee, coin)} {unit}
                  </>
                ) : (
                  <Trans>No fee charged</Trans>
                )}
                {fee.kind === 'charged' && feeFiat !== null ? (
                  <span className={shell.muted} data-testid="tx-fee-fiat">
                    {' '}
                    ≈ {feeFiat}
                  </span>
                ) : null}
              </Item>
            ) : null}
            {tx.network || coin ? (
              <Item term={t`Network`} testId="tx-network">
                {coin ? networkName(coin) : tx.network}
              </Item>
            ) : null}
            {tx.from ? (
              <Item term={t`From`} testId="tx-from" stacked>
                {copyable('from', tx.from)}
              </Item>
            ) : null}
            {tx.to ? (
              <Item term={t`To`} testId="tx-to" stacked>
                {copyable('to', tx.to)}
              </Item>
            ) : null}
            {tx.hash ? (
              <Item term={t`Hash`} testId="tx-hash" stacked>
                {copyable('hash', tx.hash)}
              </Item>
            ) : null}
          </dl>
        </>
      ) : null}
    </Screen>
  );
}
