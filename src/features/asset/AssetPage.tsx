import { useParams } from '@tanstack/react-router';

/** Placeholder while the screen is built; the route contract (params) is final. */
export function AssetPage() {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  return <section data-testid="asset-page">{params.currency}</section>;
}
