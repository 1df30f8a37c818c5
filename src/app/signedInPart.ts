/**
 * The signed-in part's one way in: the live services (liveSignedIn.ts), the pages' importers
 * (signedInPages.ts), the frame's parts, Home and the identity provider's code (src/auth/oidcAuth.ts) all
 * come from this single dynamic import. The bundler
 * gives every other module imported dynamically from inside a chunk a re-export file of its own; five
 * of them were five more requests before Home's first frame, each queued for one of a phone's six
 * connections and sharing the link with the boot chunk.
 */
export * as live from './liveSignedIn';
export { signedInPageChunk } from './signedInPages';
export { createIdentityProvider } from '../auth/identityProvider';
