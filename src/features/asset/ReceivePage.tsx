import { useParams } from '@tanstack/react-router';

/** Placeholder while the screen is built; the route contract (params) is final. */
export function ReceivePage() {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  return <section data-testid="receive-page">{params.currency}</section>;
}
