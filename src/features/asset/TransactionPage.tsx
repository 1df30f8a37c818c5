import { useParams } from '@tanstack/react-router';

/** Placeholder while the screen is built; the route contract (params) is final. */
export function TransactionPage() {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  return <section data-testid="transaction-page">{params.currency}</section>;
}
