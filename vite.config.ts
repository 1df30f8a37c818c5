import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import {
  bootChunk,
  bootModules,
  sharedUiModules,
  signedInChunk,
  signedInModules,
  firstScreenPreload,
  smallPreloadHelper,
  stripMachineDescriptions,
} from './vite.plugins';
import { catalogueParts } from './vite.catalogueParts';
import { testStyles } from './vite.testStyles';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

/** The signed-in chunk's stylesheets (vanilla-extract's virtual CSS modules), kept with the boot chunk's. */
const signedInStyles = (id: string) => signedInModules.has(id) && id.endsWith('.vanilla.css');

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';
// Dev server proxies every non-app path to the gateway so the app sees one origin, as in production.
const proxied = [
  '/b2c-user-management',
  '/b2c-wallet',
  '/b2c-address-book',
  '/b2c',
  '/c2f',
  '/fiat',
  '/rate',
  '/realms',
  '/dev',
  '/docs',
  '/analytics',
];

/** The gateway suite on one database: `databaseUrl` empty for embedded PGlite, else a PostgreSQL server. */
function gatewayProject(name: string, databaseUrl: string) {
  return {
    test: {
      name,
      environment: 'node',
      include: ['gateway/test/**/*.test.ts'],
      env: { DATABASE_URL: databaseUrl },
      // Migrates once per run; every test file then loads/clones that database (support/database.ts).
      globalSetup: ['gateway/test/support/globalSetup.ts'],
      // The ledger invariant check after every test (a setup file, so it holds however files share modules).
      setupFiles: ['gateway/test/support/setup.ts'],
      testTimeout: 30000,
      hookTimeout: 60000,
      // Every file has a database of its own (support/database.ts) and any server it starts takes a
      // free port, so files can run side by side.
      fileParallelism: true,
      // Files of a worker share its modules: Fastify, the identity provider, PGlite and the gateway are
      // loaded once per worker, not once per file. No file mocks a module or changes process.env, each
      // closes what it starts, and per-file state is reset by setup.ts. On PGlite, idle, 2026-12-07:
      // 365 → 226 s wall, 667 → 412 CPU-s, the same 84 files passing (docs/testing.md).
      isolate: false,
    },
  };
}

export default defineConfig({
  plugins: [
    stripMachineDescriptions(),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    catalogueParts(),
    vanillaExtractPlugin(),
    bootChunk(),
    signedInChunk(),
    firstScreenPreload(),
    testStyles(),
  ],
  resolve: {
    // React 19 has useSyncExternalStore: the shim's fallback is dead weight (src/vendor/useSyncExternalStoreShim.ts).
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/vendor/useSyncExternalStoreShim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: gateway, changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the app targets (es2022) understands <link rel="modulepreload">; the polyfill was
    // 0.4 kB of the boot chunk for nothing.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The entry chunk is the boot chunk (the group below folds into it): named so.
      input: { boot: fileURLToPath(new URL('./index.html', import.meta.url)) },
      preserveEntrySignatures: false,
      plugins: [smallPreloadHelper()],
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'boot',
              test: (id: string) =>
                bootModules.has(id) || sharedUiModules.has(id) || id.includes('rolldown/runtime') || signedInStyles(id),
            },
            { name: 'signed-in', test: (id: string) => signedInModules.has(id) },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default leaves one core idle (cores - 1): on CI's 2-core machine that ran every file in one
    // worker. Both: app 281 s → 185 s, gateway 434 s → 293 s over its two databases (measured here).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          globals: true,
          // The stylesheets must apply: what `display: none` hides is out of the accessibility tree the role
          // queries read (css: false saved ~14 % CPU but let hidden controls be found).
          css: true,
          include: [
            'tests/machines/**/*.test.{ts,tsx}',
            'tests/flows/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/support/setup.ts'],
          // Worker threads start cheaper than forked processes, and the packages below, bundled once into
          // one file each (instead of thousands of modules, lucide-react's icons above all), load faster in
          // every test file: on six flow files, 75 → 53 CPU-seconds together (issue 21 item 6).
          pool: 'threads',
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  'lucide-react',
                  '@tanstack/react-router',
                  'xstate',
                  '@xstate/react',
                  '@lingui/core',
                  '@lingui/react',
                  'luxon',
                  'react',
                  'react-dom',
                  '@testing-library/react',
                  '@testing-library/user-event',
                ],
              },
            },
          },
          // Whole-app journeys (router + every page) take 3-4 s on a busy 2-core machine; 5 s flaked under load.
          testTimeout: 20000,
          // Files of a worker share its modules and its jsdom window: React, the router, Lingui and every
          // machine load once per worker, not once per file. What a file leaves behind (storage, cookies, the
          // document's attributes, the URL, Lingui's catalogues, luxon's zone) is reset per file, and actors
          // started outside React are stopped per test, by tests/support/setup.ts. Idle, 2026-12-07: 719 → 550
          // CPU-s, 1,961 tests passing, also in shuffled file orders (docs/testing.md).
          isolate: false,
        },
      },
      // The gateway suite once per database it supports: embedded PGlite always, and PostgreSQL when
      // DATABASE_URL names a server (CI sets it). Both are projects of one run, so `npm test` schedules
      // every app and gateway file on the same workers: no core waits for one run's last file.
      gatewayProject('gateway', ''),
      ...(process.env.DATABASE_URL ? [gatewayProject('gateway-postgres', process.env.DATABASE_URL)] : []),
    ],
  },
});
