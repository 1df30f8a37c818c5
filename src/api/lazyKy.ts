import type { Input, KyInstance, Options, ResponsePromise } from 'ky';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'query';
type BodyMethod = 'json' | 'text' | 'arrayBuffer' | 'blob' | 'formData' | 'bytes';
const methods: Method[] = ['get', 'post', 'put', 'patch', 'delete', 'head', 'query'];
const bodyMethods: BodyMethod[] = ['json', 'text', 'arrayBuffer', 'blob', 'formData', 'bytes'];

type Shortcut = (...args: unknown[]) => Promise<unknown>;
type Wanted = {
  name: BodyMethod;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/**
 * A ky instance whose library is downloaded on the first request: ky is some 8 kB gzip that the first
 * screen (login, or the start-up spinner) never uses, so it stays out of the boot chunk.
 *
 * Calls, `extend` and `create` behave as ky's, and so does the returned promise: it can be awaited, and
 * its body shortcuts (`.json()`, `.json(schema)`, `.text()`…) work whenever they are called, any number
 * of times. A shortcut called before ky has loaded is applied right after ky makes the request, as ky
 * itself would (so it still sets the Accept header); a later one reads the response that came back.
 * A failed load rejects the call and every shortcut. `stop` and `retry` are ky's static values; hooks
 * get them from `import('ky')`.
 */
export function lazyKy(load: () => Promise<KyInstance>): KyInstance {
  let instance: Promise<KyInstance> | undefined;
  const loaded = () => (instance ??= load());

  const call = (method: Method | null) => (input: Input, options?: Options) => {
    let made: ResponsePromise | undefined;
    let failure: { error: unknown } | undefined;
    const wanted: Wanted[] = [];
    const request = loaded().then(
      (ky) => {
        made = method ? ky[method](input, options) : ky(input, options);
        for (const { name, args, resolve, reject } of wanted.splice(0))
          (made[name] as Shortcut)(...args).then(resolve, reject);
        // Boxed: returning the ResponsePromise itself would be unwrapped into its Response.
        return { made };
      },
      (error: unknown) => {
        failure = { error };
        for (const { reject } of wanted.splice(0)) reject(error);
        throw error;
      },
    );
    const pending = request.then(({ made }) => made);
    // A caller that only uses a shortcut never awaits the call itself; its failure reaches the shortcut.
    pending.catch(() => {});
    const shortcuts = Object.fromEntries(
      bodyMethods.map((name) => [
        name,
        (...args: unknown[]) =>
          made
            ? (made[name] as Shortcut)(...args)
            : failure
              ? Promise.reject(failure.error)
              : new Promise((resolve, reject) => {
                  wanted.push({ name, args, resolve, reject });
                }),
      ]),
    );
    return Object.assign(pending, shortcuts) as unknown as ResponsePromise;
  };

  const client = Object.assign(call(null), {
    extend: (options: Options | ((parent: Options) => Options)) =>
      lazyKy(() => loaded().then((ky) => ky.extend(options))),
    create: (options?: Options) => lazyKy(() => loaded().then((ky) => ky.create(options))),
  });
  for (const method of methods) Object.assign(client, { [method]: call(method) });
  return client as unknown as KyInstance;
}
