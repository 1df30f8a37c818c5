/**
 * Preloaded into the gateway by `BENCH_TRACE=1 npm run bench:gateway` (node --import): counts every
 * statement the gateway sends to PostgreSQL and the time until its answer, grouped by SQL text, and
 * the HTTP requests answered per route. SIGUSR2 prints the table to stderr and starts a new one, so the
 * bench reads one per phase. Profiling only: the gateway never loads this on its own.
 */
import { subscribe } from 'node:diagnostics_channel';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';

interface Row {
  count: number;
  ms: number;
  samples?: number[];
}
let statements = new Map<string, Row>();
let requests = new Map<string, Row>();
let since = performance.now();
// How long ready work waited for the gateway's one thread: tells the gateway's pauses from the load generator's.
let loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

const add = (table: Map<string, Row>, key: string, ms: number) => {
  const row = table.get(key) ?? { count: 0, ms: 0 };
  row.count += 1;
  row.ms += ms;
  table.set(key, row);
};

/** Literal values out, so one statement shape is one row whatever it was called with. */
const shape = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/'[^']*'/g, "'?'")
    .replace(/\$\d+/g, '$')
    .slice(0, 160);

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function query(this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string } | undefined;
  const text = typeof first === 'string' ? first : (first?.text ?? '?');
  const started = performance.now();
  const done = () => add(statements, shape(text), performance.now() - started);
  // pg's Pool calls query with a callback (no promise back); drizzle's transactions await the promise.
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last] as (...a: unknown[]) => void;
    args[last] = (...a: unknown[]) => {
      done();
      callback(...a);
    };
    return original.apply(this, args);
  }
  const result = original.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
  return result;
};

/** Ids out of the path (uuids, numbers), so one route is one row. */
const route = (method: string | undefined, url: string | undefined) =>
  `${method} ${(url ?? '')
    .split('?')[0]!
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n')}`;

// Server side: from the request's arrival to the last byte of the answer.
const arrived = new WeakMap<IncomingMessage, number>();
subscribe('http.server.request.start', (message) => {
  arrived.set((message as { request: IncomingMessage }).request, performance.now());
});
subscribe('http.server.response.finish', (message) => {
  const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
  const started = arrived.get(request);
  if (started === undefined) return;
  const key = `${route(request.method, request.url)} ${response.statusCode}`;
  const ms = performance.now() - started;
  add(requests, key, ms);
  (requests.get(key)!.samples ??= []).push(ms);
});

process.on('SIGUSR2', () => {
  const seconds = (performance.now() - since) / 1000;
  const total = [...requests.values()].reduce((n, r) => n + r.count, 0);
  const sent = [...statements.values()].reduce((n, r) => n + r.count, 0);
  const lines = [
    `--- query trace: ${seconds.toFixed(1)} s, ${total} HTTP requests, ${sent} statements (${total ? (sent / total).toFixed(1) : '-'} per request)`,
    `  event loop delay: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
  ];
  for (const [route, r] of [...requests].sort((a, b) => b[1].count - a[1].count)) {
    const sorted = (r.samples ?? []).sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0;
    lines.push(
      `  http ${String(r.count).padStart(7)}  avg ${(r.ms / r.count).toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms (server side)  ${route}`,
    );
  }
  for (const [text, r] of [...statements].sort((a, b) => b[1].count - a[1].count).slice(0, 40)) {
    lines.push(`  sql  ${String(r.count).padStart(7)}  avg ${(r.ms / r.count).toFixed(2).padStart(7)} ms  ${text}`);
  }
  process.stderr.write(`${lines.join('\n')}\n`);
  statements = new Map();
  requests = new Map();
  since = performance.now();
  loopDelay.disable();
  loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
});
