import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import * as css from './Skeleton.css';

/** A grey placeholder block; always hidden from assistive tech (the surrounding region says "Loading"). */
export function Skeleton({
  width = '100%',
  height = 16,
  round = false,
}: {
  width?: number | string;
  height?: number;
  round?: boolean;
}) {
  return (
    <span
      aria-hidden="true"
      className={css.block}
      style={{ width, height, borderRadius: round ? '50%' : undefined }}
      data-skeleton=""
    />
  );
}

/** Visually hidden text for screen readers. */
export function SrOnly({ children }: { children: ReactNode }) {
  return <span className={css.srOnly}>{children}</span>;
}

/** Placeholder content with a single spoken "Loading" (role=status). */
export function LoadingRegion({ children }: { children: ReactNode }) {
  return (
    <div role="status" data-testid="loading">
      <SrOnly>
        <Trans>Loading</Trans>
      </SrOnly>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}
