export type StartedGateway = { baseUrl: string; stop: () => Promise<void>; log: () => string };
export function startGateway(
  extraEnv?: Record<string, string>,
  options?: { startTimeoutMs?: number },
): Promise<StartedGateway>;
