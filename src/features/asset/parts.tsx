import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ArrowDownLeft,
  ArrowLeftRight,
  ArrowUpRight,
  CircleCheck,
  CircleX,
  Clock,
  Copy,
  CreditCard,
  ExternalLink,
  Share2,
  ShoppingCart,
} from 'lucide-react';
import type { TxClass } from '../../../machines/shared/transactions';
import type { TransactionState } from '../../../contracts/wallet';
import { Button } from '../../ui/Button';
import * as shell from '../shell/AppShell.css';
import * as css from './asset.css';

const small = { size: 20, strokeWidth: 2, 'aria-hidden': true } as const;

export const CopyIcon = () => <Copy {...small} />;
export const ShareIcon = () => <Share2 {...small} />;
export const ExternalIcon = () => <ExternalLink {...small} size={16} />;

const classIcons = {
  received: ArrowDownLeft,
  sent: ArrowUpRight,
  swapped: ArrowLeftRight,
  bought: ShoppingCart,
  sold: CreditCard,
} satisfies Record<TxClass, unknown>;

/**
 * Decorative (the row title already says received / sent / swapped / bought / sold and failed): the class
 * icon, or a crossed circle when the transaction failed.
 */
export function ClassIcon({ kind, state, large }: { kind: TxClass; state?: TransactionState; large?: boolean }) {
  const Icon = state === 'FAILED' ? CircleX : classIcons[kind];
  const tone = css.classTone[state === 'FAILED' ? 'failed' : kind];
  return (
    <span
      className={`${css.classIcon} ${tone} ${large ? css.classIconLarge : ''}`}
      data-class={kind}
      data-state={state}
    >
      <Icon {...small} size={large ? 36 : 20} />
    </span>
  );
}

const stateIcons = { COMPLETED: CircleCheck, IN_PROGRESS: Clock, FAILED: CircleX } satisfies Record<
  TransactionState,
  unknown
>;

/** The transaction's state as a readable pill: icon and word, coloured by state. */
export function StateBadge({
  state,
  compact,
  children,
}: {
  state: TransactionState;
  compact?: boolean;
  children: ReactNode;
}) {
  const Icon = stateIcons[state];
  return (
    <span
      className={compact ? `${css.stateBadge[state]} ${css.compactBadge}` : css.stateBadge[state]}
      data-testid="state-badge"
    >
      <Icon size={compact ? 14 : 16} strokeWidth={2.25} aria-hidden />
      {children}
    </span>
  );
}

/** An icon button whose accessible name says what is copied (the value itself may be shortened). */
export function CopyButton({ label, busy, onClick }: { label: string; busy?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={css.iconButton}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={onClick}
    >
      <CopyIcon />
    </button>
  );
}

/** An error block with a retry button (spec: error state with retry). */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className={shell.card} role="alert">
      <p className={shell.muted}>{children}</p>
      <Button variant="secondary" onClick={onRetry}>
        <Trans>Retry</Trans>
      </Button>
    </div>
  );
}

/** Placeholder rows while the first load runs; announced once as "Loading". */
export function Skeleton({ rows = 3, label }: { rows?: number; label?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={label ?? t`Loading`} aria-busy="true" className={css.list}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={css.skeleton} />
      ))}
    </div>
  );
}
