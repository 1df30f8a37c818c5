import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PortfolioRow } from '../../../machines/shared/portfolio';
import { assetUnit } from '../../i18n/assetName';
import { useFormat } from '../../i18n/useFormat';
import { AssetLine, assetCss } from '../../ui/AssetRow';
import { LoadingRegion, Skeleton } from '../../ui/Skeleton';
import * as shell from '../shell/AppShell.css';
import * as css from './home.css';
import { FRESHNESS_ID } from './freshnessId';

/** Held, visible assets: tapping one opens its page (spec §2). `dated`: the amounts may be old (described by Home's "Updated" line). */
export function AssetList({ rows, fiat, dated = false }: { rows: PortfolioRow[]; fiat: string; dated?: boolean }) {
  const { t } = useLingui();
  const format = useFormat();
  if (rows.length === 0) {
    return (
      <p className={shell.muted}>
        <Trans>All your assets are hidden.</Trans>{' '}
        <Link to="/manage-assets" className={css.link}>
          <Trans>Show them</Trans>
        </Link>
      </p>
    );
  }
  return (
    <ul
      className={assetCss.list}
      aria-label={t`Your assets`}
      data-testid="asset-list"
      data-dated={dated || undefined}
      aria-describedby={dated ? FRESHNESS_ID : undefined}
    >
      {rows.map((row) => (
        <li key={row.currency}>
          <Link
            to="/home/asset/$currency"
            params={{ currency: row.currency }}
            className={assetCss.row}
            data-currency={row.currency}
          >
            <AssetLine
              currency={row.currency}
              coin={row.coin}
              right={
                <span className={assetCss.amounts}>
                  <span className={assetCss.primary} data-testid="crypto">
                    {format.balance(row.amount, row.coin)} {assetUnit(row.coin, row.currency)}
                  </span>
                  <span className={assetCss.secondary} data-testid="fiat">
                    {row.fiat === null ? '—' : format.fiat(row.fiat, fiat)}
                  </span>
                </span>
              }
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function AssetListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <LoadingRegion>
      <div className={assetCss.list}>
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className={css.skeletonRow}>
            <Skeleton width={40} height={40} round />
            <span style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 6 }}>
              <Skeleton width="50%" />
              <Skeleton width="30%" height={12} />
            </span>
            <Skeleton width={64} />
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}
