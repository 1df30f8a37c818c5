import { loadFlowMessages } from '../i18n';

/**
 * The signed-in screens' chunk importers, in a chunk of their own (src/app/pages.ts imports it on the
 * first signed-in screen): each dynamic import carries the list of files its chunk needs (the bundler's
 * preload list, some sixty hashed names for these screens), which the sign-in boot chunk need not carry.
 */
// The flows' screens come with the flows' part of the catalogue (src/i18n/index.ts), which Home and the
// sign-in screens never download.
const withFlowMessages = <T>(load: () => Promise<T>) => () => Promise.all([load(), loadFlowMessages()]).then(([chunk]) => chunk);

export const signedInChunks = {
  settings: withFlowMessages(() => import('../features/settings')),
  soon: () => import('../features/soon'),
  home: () => import('../features/home'),
  assets: () => import('../features/assets'),
  asset: () => import('../features/asset'),
  protection: withFlowMessages(() => import('../features/protection')),
  send: withFlowMessages(() => import('../features/send')),
  swap: withFlowMessages(() => import('../features/swap')),
  addressBook: withFlowMessages(() => import('../features/addressBook')),
  sell: withFlowMessages(() => import('../features/sell')),
  buy: withFlowMessages(() => import('../features/buy')),
  history: withFlowMessages(() => import('../features/history')),
  // The bottom navigation and the offline banner are signed-in only: the sign-in screens' boot chunk does
  // not carry them or the navigation's icons.
  nav: () => import('../features/shell/signedInFrame'),
};
