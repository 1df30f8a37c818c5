import net from 'node:net';
import tls from 'node:tls';
import type { RateLimitStore } from './rateLimit.js';

/**
 * Rate-limit counters in Redis (`REDIS_URL=redis://[user:password@]host:port[/db]`, or rediss://).
 * Three commands are all it needs, so it speaks RESP itself instead of adding a client library:
 * AUTH, SELECT and one EVAL that counts and sets the window atomically.
 */
const COUNT = `local n = redis.call('INCR', KEYS[1])
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {n, t}`;

type Reply = string | number | null | Reply[] | Error;

const encode = (args: (string | number)[]) =>
  `*${args.length}\r\n${args
    .map((a) => {
      const s = String(a);
      return `$${Buffer.byteLength(s)}\r\n${s}\r\n`;
    })
    .join('')}`;

/** Parses one reply at `at`; undefined when the buffer does not hold all of it yet. */
function parse(buf: Buffer, at: number): { value: Reply; next: number } | undefined {
  const eol = buf.indexOf('\r\n', at);
  if (eol < 0) return undefined;
  const type = String.fromCharCode(buf[at]!);
  const line = buf.toString('utf8', at + 1, eol);
  const next = eol + 2;
  switch (type) {
    case '+':
      return { value: line, next };
    case '-':
      return { value: new Error(line), next };
    case ':':
      return { value: Number(line), next };
    case '$': {
      const n = Number(line);
      if (n < 0) return { value: null, next };
      if (buf.length < next + n + 2) return undefined;
      return { value: buf.toString('utf8', next, next + n), next: next + n + 2 };
    }
    case '*': {
      const n = Number(line);
      if (n < 0) return { value: null, next };
      const items: Reply[] = [];
      let pos = next;
      for (let i = 0; i < n; i++) {
        const item = parse(buf, pos);
        if (!item) return undefined;
        items.push(item.value);
        pos = item.next;
      }
      return { value: items, next: pos };
    }
    default:
      return { value: new Error(`unexpected Redis reply type ${JSON.stringify(type)}`), next: buf.length };
  }
}

export function redisStore(redisUrl: string): RateLimitStore {
  const url = new URL(redisUrl);
  let socket: net.Socket | undefined;
  let ready: Promise<void> | undefined;
  let buffer: Buffer = Buffer.alloc(0);
  const waiting: { resolve: (r: Reply) => void; reject: (e: Error) => void }[] = [];

  const fail = (err: Error) => {
    for (const w of waiting.splice(0)) w.reject(err);
    socket?.destroy();
    socket = undefined;
    ready = undefined;
  };

  const send = (args: (string | number)[]) =>
    new Promise<Reply>((resolve, reject) => {
      waiting.push({ resolve, reject });
      socket!.write(encode(args));
    });

  function connect(): Promise<void> {
    return (ready ??= new Promise<void>((resolve, reject) => {
      const port = Number(url.port || 6379);
      const host = url.hostname || '127.0.0.1';
      const s =
        url.protocol === 'rediss:' ? tls.connect({ port, host, servername: host }) : net.connect({ port, host });
      socket = s;
      buffer = Buffer.alloc(0);
      s.setNoDelay(true);
      s.once(url.protocol === 'rediss:' ? 'secureConnect' : 'connect', async () => {
        try {
          if (url.password) {
            const auth = await send(
              url.username
                ? ['AUTH', decodeURIComponent(url.username), decodeURIComponent(url.password)]
                : ['AUTH', decodeURIComponent(url.password)],
            );
            if (auth instanceof Error) throw auth;
          }
          const db = url.pathname.replace(/^\//, '');
          if (db) {
            const selected = await send(['SELECT', db]);
            if (selected instanceof Error) throw selected;
          }
          resolve();
        } catch (err) {
          fail(err as Error);
          reject(err);
        }
      });
      s.on('data', (chunk: Buffer) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        let parsed;
        while (waiting.length && (parsed = parse(buffer, 0))) {
          buffer = buffer.subarray(parsed.next);
          waiting.shift()!.resolve(parsed.value);
        }
      });
      // A socket's events only ever settle its own connection: a late close of a dead one must not
      // tear down its successor.
      const lost = (err: Error) => {
        if (socket === s) fail(err);
        reject(err);
      };
      s.on('error', lost);
      s.on('close', () => lost(new Error('Redis connection closed')));
    }));
  }

  return {
    async hit(key, windowSeconds) {
      await connect();
      const reply = await send(['EVAL', COUNT, 1, `rl:${key}`, windowSeconds * 1000]);
      if (reply instanceof Error) throw reply;
      const [hits, ttl] = reply as [number, number];
      return { hits, resetInSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async close() {
      if (socket) socket.end();
      socket = undefined;
    },
  };
}
