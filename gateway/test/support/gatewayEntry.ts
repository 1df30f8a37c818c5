/**
 * How a test starts the gateway as a process of its own (crash and replica tests): the build that
 * `npm run test:vitest` makes first when GATEWAY_COMPILED is set, as production runs it (about 1 CPU-second
 * cheaper per start than tsx), else the sources through tsx, so a file run alone always runs what is written.
 *
 * `--liftoff-only`: these gateways live seconds, killed and restarted, and V8's optimising compiler spent
 * more on PGlite's WebAssembly at each start than its faster code saved in that time (a PGlite gateway's start
 * 5.1 → 3.7 CPU-s; withdraw.crash and swap.crash on PGlite together 95/93 → 75/71 machine CPU-s, twice each,
 * 2026-12-08). A test setting only; production gateways run long and keep the optimising tier.
 */
export const gatewayEntry = (): string[] => [
  '--liftoff-only',
  ...(process.env.GATEWAY_COMPILED ? ['gateway/dist/gateway/src/main.js'] : ['--import', 'tsx', 'gateway/src/main.ts']),
];
