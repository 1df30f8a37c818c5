import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { LoadFailed, Skeleton } from './parts';

export type MoreRowsState = 'more' | 'loading' | 'failed' | 'end';

/**
 * The end of a history list: the next page of 100 loads by itself when this comes into view (the
 * button does the same by keyboard or screen reader, and where there is no IntersectionObserver).
 */
export function MoreRows({ state, onMore }: { state: MoreRowsState; onMore: () => void }) {
  const { t } = useLingui();
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  });
  useEffect(() => {
    const node = sentinel.current;
    if (state !== 'more' || !node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [state]);
  if (state === 'loading') return <Skeleton rows={2} label={t`Loading more transactions`} />;
  if (state === 'failed')
    return (
      <LoadFailed onRetry={onMore}>
        <Trans>Could not load more transactions.</Trans>
      </LoadFailed>
    );
  if (state === 'end') return null;
  return (
    <div ref={sentinel}>
      <Button variant="secondary" onClick={onMore}>
        <Trans>Show more</Trans>
      </Button>
    </div>
  );
}
