/**
 * The reset hold's reports (machines/resetHold.machine.ts): the clock is read here, once per report, so
 * the hold machine (and the app machine, which reports the profile's hold) stays pure.
 */
export function holdReport(until: string | null) {
  const msLeft = until === null ? 0 : Date.parse(until) - Date.now();
  return { type: 'hold.reported' as const, until, msLeft: Number.isFinite(msLeft) ? msLeft : 0 };
}

/**
 * A 403 PASSCODE_RESET_HOLD from any call reports its `holdUntil` (a reset on another device the profile
 * has not heard of yet), so the money screens show the end time at once.
 */
export function holdReporter(report: (holdUntil: string) => void) {
  return async ({ response }: { response: Response }) => {
    if (response.status !== 403) return;
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: unknown; holdUntil?: unknown } | null;
    if (body?.code === 'PASSCODE_RESET_HOLD' && typeof body.holdUntil === 'string') report(body.holdUntil);
  };
}
