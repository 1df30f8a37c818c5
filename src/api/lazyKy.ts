import type { Input, KyInstance, Options, ResponsePromise } from 'ky';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'query';
type BodyMethod = 'json' | 'text' | 'arrayBuffer' | 'blob' | 'formData' | 'bytes';
const methods: Method[] = ['get', 'post', 'put', 'patch', 'delete', 'head', 'query'];
const bodyMethods: BodyMethod[] = ['json', 'text', 'arrayBuffer', 'blob', 'formData', 'bytes'];

/**
 * A ky instance whose library is downloaded on the first request: ky is some 8 kB gzip that the first
 * screen (login, or the start-up spinner) never uses, so it stays out of the boot chunk.
 *
 * Calls, `extend` and `create` behave as ky's. A body shortcut (`.json()`, `.text()`…) must be chained
 * in the same tick as the call, as every caller does: the request is made once ky has loaded, with the
 * shortcut chosen by then. `stop` and `retry` are ky's static values; hooks get them from `import('ky')`.
 */
export function lazyKy(load: () => Promise<KyInstance>): KyInstance {
  let instance: Promise<KyInstance> | undefined;
  const loaded = () => (instance ??= load());

  const call = (method: Method | null) => (input: Input, options?: Options) => {
    let body: BodyMethod | null = null;
    const pending = loaded().then((ky) => {
      const response = method ? ky[method](input, options) : ky(input, options);
      return body ? response[body]() : response;
    });
    const shortcuts = Object.fromEntries(
      bodyMethods.map((name) => [
        name,
        () => {
          body = name;
          return pending;
        },
      ]),
    );
    return Object.assign(pending, shortcuts) as unknown as ResponsePromise;
  };

  const client = Object.assign(call(null), {
    extend: (options: Options | ((parent: Options) => Options)) => lazyKy(() => loaded().then((ky) => ky.extend(options))),
    create: (options?: Options) => lazyKy(() => loaded().then((ky) => ky.create(options))),
  });
  for (const method of methods) Object.assign(client, { [method]: call(method) });
  return client as unknown as KyInstance;
}
