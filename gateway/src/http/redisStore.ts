import { once } from 'node:events';
import { Redis } from 'ioredis';

/**
 * The Redis connection rate-limit counters live on when `REDIS_URL` is set
 * (`redis://[user:password@]host:port[/db]`, or rediss://); @fastify/rate-limit's own Redis store
 * does the counting on it (rateLimit.ts).
 *
 * A request waits on the counter, so the counter answers at once or not at all: no queue while the
 * connection is down, no retry of a command (a retried INCR could count twice), one second at most
 * per command. The limiter then lets the request through and logs why (an unreachable counter must
 * not lock every user out) while ioredis reconnects in the background.
 */
export async function redisConnection(url: string, log: { warn(o: object, m: string): void }): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 1000,
  });
  let down = false;
  // Once per outage, not once per reconnect attempt.
  redis.on('error', (err) => {
    if (!down) log.warn({ err }, 'rate-limit counters: Redis unreachable');
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  // Without a queue, a request counted before the first connection is up would go uncounted: start
  // once the first attempt has connected, or failed (then the gateway starts all the same).
  await new Promise<void>((resolve) => {
    const settled = () => {
      redis.off('ready', settled);
      redis.off('error', settled);
      resolve();
    };
    redis.on('ready', settled);
    redis.on('error', settled);
  });
  return redis;
}

/** Closes the connection for good: nothing of it (socket or reconnect timer) is left to keep the process up. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  const ended = once(redis, 'end');
  // QUIT cannot be sent while the connection is down (no queue); without disconnect ioredis would go on reconnecting.
  await redis.quit().catch(() => redis.disconnect());
  // Between two reconnect attempts there is no socket to close (so no 'end'): disconnect cleared the timer.
  if (redis.status !== 'reconnecting') await ended;
}
