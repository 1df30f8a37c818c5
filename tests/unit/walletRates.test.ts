import ky from 'ky';
import { createWalletApi } from '../../src/api/wallet';

/** A fetch whose first `failures` calls fail as a dropped connection does; later ones answer 200. */
function flakyFetch(failures: number, body: unknown) {
  const calls: string[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(`${request.method} ${new URL(request.url).pathname} ${await request.clone().text()}`);
    if (calls.length <= failures) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, calls };
}

// As src/api/http.ts configures it: GETs retried, POSTs not; no waiting between tries here.
const client = (fetch: typeof globalThis.fetch) =>
  ky.create({ prefix: 'http://gateway.test', fetch, retry: { limit: 2, methods: ['get'], delay: () => 0 } });

describe('wallet API retries', () => {
  it('asks for the rates again, body intact, when the connection drops (a read sent as POST)', async () => {
    const { fetch, calls } = flakyFetch(2, { ratesMap: { BTC: { USD: 60000 } } });
    await expect(createWalletApi(client(fetch)).getRates(['BTC'], ['USD'])).resolves.toEqual({
      ratesMap: { BTC: { USD: 60000 } },
    });
    expect(calls).toEqual(Array(3).fill('POST /b2c-wallet/rate {"from":["BTC"],"to":["USD"]}'));
  });

  it('gives up on the rates after two retries', async () => {
    const { fetch, calls } = flakyFetch(5, {});
    await expect(createWalletApi(client(fetch)).getRates(['BTC'], ['USD'])).rejects.toThrow(/network error/);
    expect(calls).toHaveLength(3);
  });

  it('never repeats a POST that changes something (adding an asset)', async () => {
    const { fetch, calls } = flakyFetch(1, {});
    await expect(createWalletApi(client(fetch)).addAsset('acc-1', 'BTC')).rejects.toThrow(/network error/);
    expect(calls).toHaveLength(1);
  });
});
