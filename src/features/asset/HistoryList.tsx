import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { amountTone, classify, signedAmount, titleOf, toneOf } from '../../../machines/shared/transactions';
import type { Coin, Transaction } from '../../../contracts/wallet';
import { assetUnit } from '../../i18n/assetName';
import { useFormat } from '../../i18n/useFormat';
import { groupByDay } from './groups';
import { stateMessages, titleMessages } from './messages';
import { ClassIcon, StateBadge } from './parts';
import * as shell from '../shell/AppShell.css';
import * as css from './asset.css';

export const detailsPath = (currency: string, tx: Pick<Transaction, 'id' | 'transactionType'>) =>
  `/home/asset/${encodeURIComponent(currency)}/transaction/${encodeURIComponent(tx.id)}/${tx.transactionType}`;

function Row({ tx, coin }: { tx: Transaction; coin: Coin | null }) {
  const { currency } = tx;
  const { i18n } = useLingui();
  const format = useFormat();
  const title = i18n._(titleMessages[titleOf(tx)]);
  const badge = tx.state === 'COMPLETED' ? null : i18n._(stateMessages[tx.state]);
  const amount = signedAmount(tx, coin?.round ?? null, (value) => format.crypto(value, coin));
  return (
    <li>
      <Link to={detailsPath(currency, tx)} className={css.row} data-testid="history-row" data-state={tx.state}>
        <ClassIcon kind={classify(tx)} state={tx.state} />
        <span className={css.rowText}>
          <span className={`${css.rowTitle} ${css.tone[toneOf(tx)]}`} data-tone={toneOf(tx)}>
            {title}
          </span>
          {badge ? (
            <StateBadge state={tx.state} compact>
              {badge}
            </StateBadge>
          ) : null}
        </span>
        <span className={css.amount[amountTone(tx)]} data-testid="history-amount" data-tone={amountTone(tx)}>
          {amount} {assetUnit(coin, currency)}
        </span>
      </Link>
    </li>
  );
}

/** History, one titled list per day; each row in its own asset's units (`coins` by currency). */
export function HistoryList({
  transactions,
  coins,
}: {
  transactions: Transaction[];
  coins: Record<string, Coin | null | undefined>;
}) {
  const { t } = useLingui();
  const labels = { today: t`Today`, yesterday: t`Yesterday` };
  return (
    <div className={shell.page}>
      {groupByDay(transactions).map(({ key, day, transactions: items }) => (
        <section key={key} aria-labelledby={`day-${key}`}>
          <h3 id={`day-${key}`} className={css.dayTitle}>
            {day.kind === 'date' ? day.text : labels[day.kind]}
          </h3>
          <ul className={css.list}>
            {items.map((tx) => (
              <Row key={tx.id} tx={tx} coin={coins[tx.currency] ?? null} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
