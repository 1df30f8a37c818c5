import type { AnalyticsBatch } from '../../contracts/analytics';
import { appConfig } from '../config';

/**
 * POST /analytics/events with the session's token when there is one (the gateway tags the batch with
 * its account). Plain `fetch` with `keepalive`, not ky: a batch must leave even while the page is being
 * left (ky may not be downloaded yet on the sign-in screens, and its chained awaits would outlive the
 * page), and `keepalive` is what lets a request outlive it — sendBeacon would, but takes no
 * Authorization header. Never retried: a lost batch is only logged (spec §8).
 */
export async function postAnalytics(batch: AnalyticsBatch, options: { accessToken: string | null }): Promise<void> {
  const response = await fetch(`${appConfig.apiUrl}/analytics/events`, {
    method: 'POST',
    keepalive: true,
    headers: {
      'content-type': 'application/json',
      ...(options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}),
    },
    body: JSON.stringify(batch),
  });
  if (!response.ok) throw new Error(`POST /analytics/events answered ${response.status}`);
}
