import type { JobSettings } from '../jobs/engine.js';

/**
 * Sandbox crash test only (gateway/test/notifications.crash.test.ts): where the sender kills its own
 * process. `after-send` is inside the window: the channel answered and the answer is not recorded yet.
 */
export type NotifyCrashPoint = 'before-send' | 'after-send' | 'after-record';
export interface NotifyCrash {
  points: NotifyCrashPoint[];
  /** Chance of dying at each point passed. */
  rate: number;
  /** A line `<point> <channel> <notification id>` is appended here (synchronously) before the kill. */
  logFile?: string;
  /**
   * Rewritten (synchronously) whenever a delivery enters or leaves the window, so after any kill -9,
   * its own or the test's, the file names the deliveries that were inside it at that moment.
   */
  windowFile?: string;
  /** Each delivery's steps with the time, process and attempt, appended: what a failed crash test prints. */
  traceFile?: string;
}

/** The notification senders' settings (docs/configuration.md, "Notifications"). */
export interface NotificationsConfig {
  /** The Bot API's base: https://api.telegram.org; in sandbox, unset, the gateway's own (sandboxBotApi.ts). */
  telegramApiUrl?: string;
  /** One Bot API call's limit: under the lease, so no other replica claims a job while its call runs. */
  sendTimeoutMs: number;
  telegram: JobSettings;
  email: JobSettings;
  /** Sandbox crash test only (NOTIFY_CRASH_POINTS, NOTIFY_CRASH_RATE, NOTIFY_CRASH_LOG, NOTIFY_WINDOW_FILE, NOTIFY_TRACE_FILE). */
  crash?: NotifyCrash;
}

const int = (v: string | undefined, fallback: number) => {
  const n = v === undefined || v === '' ? Number.NaN : Number(v);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};

export function loadNotificationsConfig(
  env: NodeJS.ProcessEnv,
  opts: { sandbox: boolean; production: boolean },
): NotificationsConfig {
  const pollMs = int(env.NOTIFY_POLL_MS, 500);
  const leaseMs = int(env.NOTIFY_LEASE_MS, 30_000);
  const sendTimeoutMs = Math.min(int(env.NOTIFY_SEND_TIMEOUT_MS, 10_000), Math.max(100, leaseMs - 1000));
  const batch = Math.max(1, int(env.NOTIFY_BATCH, 20));
  const settings = (): JobSettings => ({ pollMs, leaseMs, batch, backoff: { baseMs: pollMs, maxMs: 60_000 } });
  const apiUrl = env.TELEGRAM_API_URL || (opts.production ? 'https://api.telegram.org' : undefined);
  const points = (env.NOTIFY_CRASH_POINTS ?? (env.NOTIFY_WINDOW_FILE ? 'none' : ''))
    .split(',')
    .map((p) => p.trim())
    .filter((p): p is NotifyCrashPoint => p === 'before-send' || p === 'after-send' || p === 'after-record');
  return {
    ...(apiUrl ? { telegramApiUrl: apiUrl } : {}),
    sendTimeoutMs,
    telegram: settings(),
    email: settings(),
    ...(opts.sandbox && (points.length || env.NOTIFY_WINDOW_FILE)
      ? {
          crash: {
            points,
            rate: Number(env.NOTIFY_CRASH_RATE ?? '0.05'),
            ...(env.NOTIFY_CRASH_LOG ? { logFile: env.NOTIFY_CRASH_LOG } : {}),
            ...(env.NOTIFY_WINDOW_FILE ? { windowFile: env.NOTIFY_WINDOW_FILE } : {}),
            ...(env.NOTIFY_TRACE_FILE ? { traceFile: env.NOTIFY_TRACE_FILE } : {}),
          },
        }
      : {}),
  };
}
