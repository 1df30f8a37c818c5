import { probeGateway } from '../api/reachability';
import type { NetworkPort } from './connectivity';

/** The page's network as the connectivity machine hears of it; the same in a tab and the messenger's WebView. */
export const pageNetwork: NetworkPort = {
  online: () => navigator.onLine,
  subscribe(listener) {
    window.addEventListener('online', () => listener('online'));
    window.addEventListener('offline', () => listener('offline'));
    window.addEventListener('focus', () => listener('foreground'));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') listener('foreground');
    });
  },
  // Only probed once offline: the public client (and ky under it) need not be in the boot chunk for it.
  async probe() {
    const { publicHttp } = await import('../api/http');
    await probeGateway(publicHttp);
  },
};
