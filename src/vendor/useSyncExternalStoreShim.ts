/**
 * `use-sync-external-store/shim` for React 19, which has the hook built in: @xstate/react and the shim's
 * own `with-selector` import the shim, whose fallback for React < 18 is some 0.4 kB gzip of the boot
 * chunk that never runs. vite.config.ts points the bare `use-sync-external-store/shim` here.
 */
export { useSyncExternalStore } from 'react';
