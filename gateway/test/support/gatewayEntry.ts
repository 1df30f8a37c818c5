/**
 * How a test starts the gateway as a process of its own (crash and replica tests): the build that
 * `npm run test:vitest` makes first when GATEWAY_COMPILED is set, as production runs it (about 1 CPU-second
 * cheaper per start than tsx), else the sources through tsx, so a file run alone always runs what is written.
 */
export const gatewayEntry = (): string[] =>
  process.env.GATEWAY_COMPILED ? ['gateway/dist/gateway/src/main.js'] : ['--import', 'tsx', 'gateway/src/main.ts'];
