import ky from 'ky';
import { lazyKy } from '../../src/api/lazyKy';

/** A fetch that answers `{ n }` (n counting calls) and records the Accept header of every request. */
function countingFetch() {
  const accepts: Array<string | null> = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    accepts.push(request.headers.get('accept'));
    return new Response(JSON.stringify({ n: accepts.length }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch, accepts };
}

function client() {
  const { fetch, accepts } = countingFetch();
  let loads = 0;
  const http = lazyKy(async () => {
    loads += 1;
    return ky.create({ prefix: 'http://gateway.test', fetch, retry: 0 });
  });
  return { http, accepts, loads: () => loads };
}

describe('lazyKy', () => {
  it('loads ky once, on the first call, and a same-tick shortcut sets the Accept header as ky does', async () => {
    const { http, accepts, loads } = client();
    expect(loads()).toBe(0);
    const [a, b] = await Promise.all([http.get('a').json(), http.post('b').json()]);
    expect([a, b]).toEqual([{ n: 1 }, { n: 2 }]);
    expect(accepts).toEqual(['application/json', 'application/json']);
    expect(loads()).toBe(1);
  });

  it('answers a shortcut chained after the call was awaited, with one request', async () => {
    const { http, accepts } = client();
    const pending = http.get('late');
    const response = await pending;
    expect(response.status).toBe(200);
    // The body shortcut comes ticks later, after ky has loaded and answered.
    await expect(pending.json()).resolves.toEqual({ n: 1 });
    expect(accepts).toHaveLength(1);
  });

  it('answers a shortcut chained on a later tick before the response arrived', async () => {
    const { http, accepts } = client();
    const pending = http.get('later');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(pending.text()).resolves.toBe('{"n":1}');
    expect(accepts).toHaveLength(1);
  });

  it('passes shortcut arguments through (a Standard Schema for .json)', async () => {
    const { http } = client();
    const schema = {
      '~standard': {
        version: 1 as const,
        vendor: 'test',
        validate: (value: unknown) => ({ value: { seen: (value as { n: number }).n } }),
      },
    };
    await expect(http.get('schema').json(schema)).resolves.toEqual({ seen: 1 });
  });

  it('extend and create return lazy clients over the loaded instance', async () => {
    const { http, accepts } = client();
    const extended = http.extend({ headers: { 'x-test': '1' } });
    await expect(extended.get('x').json()).resolves.toEqual({ n: 1 });
    expect(accepts).toEqual(['application/json']);
  });

  it('rejects the call and every shortcut when ky fails to load, without an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const http = lazyKy(() => Promise.reject(new Error('chunk failed')));
      const pending = http.get('x');
      const early = pending.json();
      await expect(early).rejects.toThrow('chunk failed');
      await expect(pending).rejects.toThrow('chunk failed');
      await expect(pending.text()).rejects.toThrow('chunk failed');
      // Only a shortcut is awaited here: the call's own promise must not be reported as unhandled.
      await expect(http.post('y').json()).rejects.toThrow('chunk failed');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
