import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TxClass } from '../../../machines/shared/transactions';
import { Button } from '../../ui/Button';
import * as shell from '../shell/AppShell.css';
import * as css from './asset.css';

const frame = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export const CopyIcon = () => (
  <svg {...frame}><rect x="9" y="9" width="11" height="11" rx="2" /><path d="M5 15V5a1 1 0 0 1 1-1h10" /></svg>
);
export const ShareIcon = () => (
  <svg {...frame}><path d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" /></svg>
);
export const ExternalIcon = () => (
  <svg {...frame} width={16} height={16}><path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" /></svg>
);

const classPaths: Record<TxClass, string> = {
  received: 'M12 5v14M6 13l6 6 6-6',
  sent: 'M12 19V5M6 11l6-6 6 6',
  swapped: 'M4 8h13l-3-3M20 16H7l3 3',
  sold: 'M3 7h18v10H3zM3 11h18',
};

/** Decorative: the row title already says received / sent / swapped / sold. */
export function ClassIcon({ kind }: { kind: TxClass }) {
  return (
    <span className={css.classIcon} data-class={kind}>
      <svg {...frame}><path d={classPaths[kind]} /></svg>
    </span>
  );
}

/** An icon button whose accessible name says what is copied (the value itself may be shortened). */
export function CopyButton({ label, busy, onClick }: { label: string; busy?: boolean; onClick: () => void }) {
  return (
    <button type="button" className={css.iconButton} aria-label={label} aria-busy={busy || undefined} disabled={busy} onClick={onClick}>
      <CopyIcon />
    </button>
  );
}

/** An error block with a retry button (spec: error state with retry). */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className={shell.card} role="alert">
      <p className={shell.muted}>{children}</p>
      <Button variant="secondary" onClick={onRetry}><Trans>Retry</Trans></Button>
    </div>
  );
}

/** Placeholder rows while the first load runs; announced once as "Loading". */
export function Skeleton({ rows = 3, label }: { rows?: number; label?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={label ?? t`Loading`} aria-busy="true" className={css.list}>
      {Array.from({ length: rows }, (_, i) => <div key={i} className={css.skeleton} />)}
    </div>
  );
}
