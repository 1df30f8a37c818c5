import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { Coin } from '../../contracts/wallet';
import { assetUnit } from '../i18n/assetName';
import type { FiatRate } from '../i18n/format';
import { useFormat } from '../i18n/useFormat';
import { AssetLine, assetCss } from './AssetRow';
import * as css from './AssetPicker.css';

/** One asset the user may pick: its coin, and what of it they hold (null: not shown) valued at `rate`. */
export type PickerItem = {
  currency: string;
  coin: Coin | null;
  available?: string | null;
  rate?: FiatRate | null;
  /** A list of coins to buy shows each one's price instead of a balance ("$60,000.00"), already formatted. */
  price?: string | null;
};

/** Where a link row goes (a flow's page), when picking is navigation rather than a machine event. */
export type PickerLink = { to: string; params?: Record<string, string>; search?: Record<string, string> };

export type PickerSearch = { value: string; onChange: (value: string) => void; onClear?: () => void };

/**
 * The one asset picker (swap's from/to, select-asset, sell's and buy's coin lists): logo, name and
 * network, the balance and its fiat value; an optional search. Rows are buttons (`onPick`, a machine
 * event) or links (`linkOf`), so Tab and Enter pick and screen readers hear a named list of choices.
 * Renders what it is given; the filtering is the caller's machine's.
 */
export function AssetPicker({
  items,
  label,
  empty,
  search,
  onPick,
  linkOf,
  instead,
}: {
  items: readonly PickerItem[];
  /** The list's accessible name ("Assets to swap from"). */
  label: string;
  /** Shown (as a status) when there is nothing to pick. */
  empty: ReactNode;
  search?: PickerSearch;
  onPick?: (currency: string) => void;
  linkOf?: (item: PickerItem) => PickerLink;
  /** Shown in the list's place, under the search, while there is no list yet (loading, a failed load). */
  instead?: ReactNode;
}) {
  const { t } = useLingui();
  const listId = useId();
  return (
    <>
      {search ? (
        <input
          type="search"
          className={css.search}
          aria-label={t`Search by name or code`}
          aria-controls={listId}
          placeholder={t`Search`}
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && search.onClear) search.onClear();
          }}
        />
      ) : null}
      {instead ? (
        instead
      ) : items.length === 0 ? (
        <p className={css.fiat} role="status" data-testid="no-results" id={listId}>
          {empty}
        </p>
      ) : (
        <ul className={assetCss.list} aria-label={label} id={listId}>
          {items.map((item) => (
            <li key={item.currency}>
              <Row item={item} onPick={onPick} linkOf={linkOf} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Row({
  item,
  onPick,
  linkOf,
}: {
  item: PickerItem;
  onPick?: (currency: string) => void;
  linkOf?: (item: PickerItem) => PickerLink;
}) {
  const line = <AssetLine currency={item.currency} coin={item.coin} right={<Amounts item={item} />} />;
  if (linkOf) {
    const target = linkOf(item);
    return (
      <Link to={target.to} params={target.params} search={target.search} className={assetCss.row}>
        {line}
      </Link>
    );
  }
  return (
    <button type="button" className={`${assetCss.row} ${css.button}`} onClick={() => onPick?.(item.currency)}>
      {line}
    </button>
  );
}

function Amounts({ item }: { item: PickerItem }) {
  const format = useFormat();
  if (item.available === null || item.available === undefined)
    return item.price ? (
      <span className={css.amounts}>
        <span className={css.available} data-testid="picker-price">
          {item.price}
        </span>
      </span>
    ) : null;
  const fiat = format.fiatOf(item.available, item.rate);
  return (
    <span className={css.amounts}>
      <span className={css.available} data-testid="picker-available">
        {format.balance(item.available, item.coin)} {assetUnit(item.coin, item.currency)}
      </span>
      {fiat === null ? null : (
        <span className={css.fiat} data-testid="picker-fiat">
          {fiat}
        </span>
      )}
    </span>
  );
}
