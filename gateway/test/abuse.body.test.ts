import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findControlCharacters } from '../src/http/controlChars.js';
import { createTestApp, type TestApp } from './support/app.js';

/**
 * Issue 20 item 4: one request cannot stall the gateway. Real HTTP against a listening gateway, so the
 * sizes, the chunked transfer and the health probe's wait are what a client on the network sees.
 */

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

const SIGN_UP = '/b2c-user-management/user';
const ANALYTICS = '/analytics/events';

/** `levels` open brackets, then as many closing ones: valid JSON, 2 × levels bytes. */
const nested = (levels: number) => Buffer.from('['.repeat(levels) + ']'.repeat(levels));

interface Answer {
  status: number;
  body: { code?: string; message?: string; [k: string]: unknown } | undefined;
  text: string;
}

/**
 * One POST with the body in `parts` (written one after another; `between` runs after the first one).
 * With `chunked` no Content-Length is sent, so the gateway cannot refuse the size before reading.
 */
function post(
  path: string,
  parts: Buffer[],
  opts: { chunked?: boolean; between?: () => Promise<void>; contentType?: string } = {},
): Promise<Answer> {
  const length = parts.reduce((n, p) => n + p.length, 0);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': opts.contentType ?? 'application/json',
          ...(opts.chunked ? {} : { 'content-length': String(length) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => {
          answered = true;
          let body: Answer['body'];
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body, text });
        });
      },
    );
    // Once the answer is in, a refused upload's remaining bytes may meet a closed socket: that is fine.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    void (async () => {
      const [first, ...rest] = parts;
      req.write(first!);
      if (opts.between) await opts.between();
      for (const part of rest) if (!req.destroyed) req.write(part);
      if (!req.destroyed) req.end();
    })();
  });
}

/**
 * GET /b2c-wallet/health, timed from the first byte sent to the last byte received (`ms`), and the CPU
 * time this process (the gateway) spent meanwhile (`cpuMs`): the part of the wait the gateway's own work
 * can explain, whatever else the machine runs.
 */
function probe(): Promise<{ status: number; ms: number; cpuMs: number }> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/b2c-wallet/health', agent: false }, (res) => {
        res.resume();
        res.on('end', () => {
          const used = process.cpuUsage(cpu);
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - start,
            cpuMs: (used.user + used.system) / 1000,
          });
        });
      })
      .on('error', reject);
  });
}

/**
 * The attacker, run as its own Node process: ten POSTs of `levels` nested brackets, every other one
 * chunked (no Content-Length). Each writes half its body, then waits for 'rest'; it reports the answers.
 */
const ATTACKER = `
const http = require('node:http');
process.once('message', ({ port, path, levels }) => {
  const body = Buffer.from('['.repeat(levels) + ']'.repeat(levels));
  const first = body.subarray(0, body.length / 2), second = body.subarray(body.length / 2);
  const requests = [];
  const answers = Array.from({ length: 10 }, (_, i) => new Promise((resolve) => {
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST',
      headers: { 'content-type': 'application/json', ...(i % 2 ? {} : { 'content-length': String(body.length) }) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { text += c; });
      res.on('end', () => { answered = true; let parsed; try { parsed = JSON.parse(text); } catch {} resolve({ status: res.statusCode, body: parsed }); });
    });
    req.on('error', (err) => { if (!answered) resolve({ status: 0, body: { code: err.code } }); });
    req.write(first);
    requests.push(req);
  }));
  process.once('message', () => { for (const req of requests) if (!req.destroyed) req.end(second); });
  Promise.all(answers).then((data) => process.send({ what: 'answers', data }));
});
`;

const halves = (b: Buffer) => [b.subarray(0, b.length / 2), b.subarray(b.length / 2)];

const expectErrorShape = (a: Answer, status: number, code: string) => {
  expect(a.status, a.text.slice(0, 200)).toBe(status);
  expect(a.body).toMatchObject({ code, message: expect.any(String) });
};

describe('one request cannot stall the gateway', () => {
  it('the health probe stays under 100 ms while ten 1 MB nested bodies are in flight', async () => {
    // The attacker is another process, as it would be: its own writes take no time from the gateway's loop.
    const attacker = spawn(process.execPath, ['-e', ATTACKER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const said = (what: string) =>
      new Promise<unknown>((resolve, reject) => {
        const onMessage = (m: { what: string; data?: unknown }) => {
          if (m.what === what) {
            attacker.off('message', onMessage);
            resolve(m.data);
          }
        };
        attacker.on('message', onMessage);
        attacker.once('exit', (code) => reject(new Error(`the attacker exited (${code}) before "${what}"`)));
      });
    // The gateway has seen all ten requests (their headers and half of each body) before the probes start.
    let arrived = 0;
    let allArrived!: () => void;
    const ten = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    const onRequest = (req: http.IncomingMessage) => {
      if (req.url === SIGN_UP && (arrived += 1) === 10) allArrived();
    };
    t.app.server.on('request', onRequest);
    const latencies: number[] = [];
    const cpu: number[] = [];
    const probeNow = async () => {
      const p = await probe();
      expect(p.status).toBe(204);
      latencies.push(p.ms);
      cpu.push(p.cpuMs);
    };
    let done = false;
    const answered = said('answers').then((a) => {
      done = true;
      return a as { status: number; body: Answer['body'] }[];
    });
    // Warm up first (a fresh gateway compiles and starts its workers during its first requests): the
    // probe, and each kind of refusal once, so what is measured below is the attack and nothing else.
    for (let i = 0; i < 10; i += 1) await probe();
    await post(SIGN_UP, [nested(40)]);
    await post(SIGN_UP, [nested(10_000)]);
    await post(SIGN_UP, [nested(10_000)], { chunked: true });
    try {
      attacker.send({ port, path: SIGN_UP, levels: 500_000 });
      await ten;
      for (let i = 0; i < 3; i += 1) await probeNow();
      attacker.send('rest');
      // Keep probing while the rest of the bodies go in and the gateway deals with them.
      while (!done) await probeNow();
      await probeNow();
    } finally {
      t.app.server.off('request', onRequest);
      attacker.kill();
    }
    const answers = await answered;
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `health under ten 1 MB nested bodies: ${latencies.length} probes, median ${sorted[sorted.length >> 1]!.toFixed(1)} ms,` +
        ` max ${sorted.at(-1)!.toFixed(1)} ms (${latencies.map((x) => x.toFixed(1)).join(' ')}); gateway CPU per probe ${cpu.map((x) => x.toFixed(1)).join(' ')} ms;` +
        ` answers ${answers.map((a) => `${a.status} ${a.body?.code}`).join(', ')}`,
    );
    answers.forEach((a, i) =>
      i % 2 === 1
        ? expect(a).toMatchObject({ status: 400, body: { code: 'BODY_TOO_DEEP', message: expect.any(String) } })
        : expect(a).toMatchObject({ status: 413, body: { code: 'BODY_TOO_LARGE', message: expect.any(String) } }),
    );
    // On a free core a probe waits only for the gateway's own work, so that is what is held under 100 ms:
    // the CPU time the gateway spent while each probe was out. The wall-clock figures above are printed,
    // not asserted: on a shared, saturated machine they include time the process was not even scheduled
    // (the old code: 13 s of CPU behind one probe).
    expect(Math.max(...cpu)).toBeLessThan(100);
  }, 60_000);

  it('100 000 levels are a 400 (read as they come) or a 413 (by their length), never a 500', async () => {
    const body = nested(100_000);
    expectErrorShape(await post(SIGN_UP, [body], { chunked: true }), 400, 'BODY_TOO_DEEP');
    expectErrorShape(await post(SIGN_UP, [body]), 413, 'BODY_TOO_LARGE');
  });

  it('refuses a body nested deeper than 32 before parsing it; 32 levels and brackets inside strings are fine', async () => {
    // The object and 32 arrays: 33 levels.
    const deep = await post(SIGN_UP, [Buffer.from(`{"email":${'['.repeat(32)}${']'.repeat(32)}}`)]);
    expectErrorShape(deep, 400, 'BODY_TOO_DEEP');
    // 32 levels (the object counts as one): past the depth check, refused by the schema instead.
    const ok = await post(SIGN_UP, [Buffer.from(`{"email":${'['.repeat(31)}${']'.repeat(31)}}`)]);
    expectErrorShape(ok, 400, 'VALIDATION_ERROR');
    // Brackets in a string, an escaped quote among them, are text.
    const inString = await post(SIGN_UP, [
      Buffer.from(JSON.stringify({ email: 'x', password: `\\"${'[{'.repeat(40)}` })),
    ]);
    expectErrorShape(inString, 400, 'VALIDATION_ERROR');
    // Not JSON at all: the parser's own 400, still in the gateway's shape.
    expectErrorShape(await post(SIGN_UP, [Buffer.from('{"email": ')]), 400, 'FST_ERR_CTP_INVALID_JSON_BODY');
  });

  it("refuses a body over the route's limit with 413, whether its length is declared or not", async () => {
    const big = Buffer.from(
      JSON.stringify({ email: 'big@example.com', password: 'correct horse', accountName: 'x'.repeat(20_000) }),
    );
    expectErrorShape(await post(SIGN_UP, [big]), 413, 'BODY_TOO_LARGE');
    expectErrorShape(await post(SIGN_UP, halves(big), { chunked: true }), 413, 'BODY_TOO_LARGE');
    // Not only JSON: any content type is held to the same limit.
    expectErrorShape(
      await post(SIGN_UP, [Buffer.alloc(20_000, 'a')], { contentType: 'text/plain' }),
      413,
      'BODY_TOO_LARGE',
    );
    // Analytics batches may be larger (up to 64 kB): the same size is read there, and refused by the schema.
    const batch = Buffer.from(
      JSON.stringify({ appType: 'web', sessionId: 'abcdefgh', events: [], pad: 'x'.repeat(20_000) }),
    );
    expectErrorShape(await post(ANALYTICS, [batch]), 400, 'VALIDATION_ERROR');
    expectErrorShape(await post(ANALYTICS, [Buffer.alloc(70_000, ' ')]), 413, 'BODY_TOO_LARGE');
  });

  it('a normal body still works', async () => {
    const res = await post(SIGN_UP, [
      Buffer.from(JSON.stringify({ email: 'normal.body@example.com', password: 'correct horse battery' })),
    ]);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ email: 'normal.body@example.com' });
    const chunked = await post(
      SIGN_UP,
      halves(Buffer.from(JSON.stringify({ email: 'chunked.body@example.com', password: 'correct horse battery' }))),
      { chunked: true },
    );
    expect(chunked.status, chunked.text).toBe(201);
  });
});

describe('the control-character scan', () => {
  it('walks 100 000 levels without recursion and names the path', () => {
    let value: unknown = 'bell\u0007';
    for (let i = 0; i < 100_000; i += 1) value = i % 2 ? [value] : { k: value };
    const path = findControlCharacters(value)!;
    expect(path.split('.')).toHaveLength(100_000);
    expect(path.startsWith('0.k.0.k')).toBe(true);
    expect(findControlCharacters(JSON.parse(nested(100_000).toString()))).toBeUndefined();
  });

  it('keeps document order and the multiline exceptions', () => {
    expect(findControlCharacters({ a: ['ok', { b: 'x\u0000' }], c: 'y\u0000' })).toBe('a.1.b');
    expect(findControlCharacters({ a: { note: 'two\nlines' }, b: 'bell\u0007' }, new Set(['a.note']))).toBe('b');
    expect(findControlCharacters({ a: { note: 'two\nlines' } }, new Set(['a.note']))).toBeUndefined();
    expect(findControlCharacters('x\u0000')).toBe('(root)');
    expect(findControlCharacters({ ok: 1, ['k\u0001']: { deeper: 'x\u0000' } })).toBe('k\u0001');
  });
});
