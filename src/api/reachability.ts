import type { KyInstance } from 'ky';

/** Told whether a gateway call reached the gateway (src/app/connectivity.ts moves the connectivity machine). */
export type ReachabilityReport = {
  /** The gateway answered, whatever the status. */
  reached(): void;
  /** No answer at all: a network error or a timeout, after ky's own retries. */
  unreached(): void;
};

// ky's NetworkError and TimeoutError by name: the connectivity wiring that reads this stays free of ky.
const noAnswer = new Set(['NetworkError', 'TimeoutError']);

/** The same client, reporting each call's reachability; errors and answers pass through unchanged. */
export function withReachability(http: KyInstance, report: ReachabilityReport): KyInstance {
  return http.extend({
    hooks: {
      afterResponse: [() => report.reached()],
      beforeError: [
        ({ error }) => {
          if (noAnswer.has(error.name)) report.unreached();
          return error;
        },
      ],
    },
  });
}

/**
 * Whether the gateway answers: GET /b2c-wallet/health once, without retries and with a short timeout, so a
 * probe never hangs the connectivity machine. Any HTTP answer counts (the gateway is reachable).
 */
export async function probeGateway(http: KyInstance): Promise<void> {
  try {
    await http.get('b2c-wallet/health', { retry: 0, timeout: 5000 });
  } catch (error) {
    if (noAnswer.has((error as Error).name)) throw error;
  }
}
