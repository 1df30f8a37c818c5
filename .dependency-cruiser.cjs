/**
 * The layer rules of ARCHITECTURE.md, checked by `npm run lint` (part of `npm test`). Each rule's name
 * is what a failing import reports, so keep names readable. Views building actors (createActor,
 * fromPromise…) is a named-import rule, so it lives in .oxlintrc.json (views-build-no-actors).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'machines-import-only-xstate-and-contracts',
      comment:
        'machines/** may import only xstate, contracts/** and machines/** (so every flow runs and is tested without the app or HTTP)',
      severity: 'error',
      from: { path: '^machines/' },
      to: { pathNot: '^(machines/|contracts/|node_modules/xstate/)' },
    },
    {
      name: 'api-no-machines',
      comment: 'src/api/** (HTTP clients) never imports machines/**: machines call services, never the other way round',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^machines/' },
    },
    {
      name: 'views-no-api',
      comment:
        'views (src/features/**/*.tsx, src/ui/**) never import src/api/**: they get data from machines and services',
      severity: 'error',
      from: { path: '^(src/features/.+\\.tsx$|src/ui/)' },
      to: { path: '^src/api/' },
    },
    {
      name: 'contracts-import-only-typebox',
      comment:
        'contracts/** imports only typebox and contracts/**, so the app, machines and the gateway can all share it',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { pathNot: '^(contracts/|node_modules/typebox/)' },
    },
    {
      name: 'gateway-no-app',
      comment: 'gateway/** never imports the app (src/**) or machines/**; shared shapes go through contracts/**',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^(src|machines)/' },
    },
    {
      name: 'ledger-no-http-no-sandbox',
      comment:
        'gateway/src/ledger/** imports no fastify, nothing from gateway/src/http/** and nothing under a sandbox/ folder',
      severity: 'error',
      from: { path: '^gateway/src/ledger/' },
      to: { path: '(^node_modules/(fastify|@fastify/)|^gateway/src/http/|/sandbox/)' },
    },
  ],
  options: {
    // Type-only imports count: a machine importing a type from src/api ties it to the HTTP layer too.
    tsPreCompilationDeps: true,
    // TypeScript 7 (native) has no JS API for dependency-cruiser to parse with; swc parses the same syntax.
    parser: 'swc',
    // Not followed, but packages stay in the graph so a rule can name one (no `exclude`: it would drop
    // every package whose entry file sits under a dist/ folder).
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
