/** Where machines send the user; filled in once the router exists (machines never import it). */
export type Navigator = { go(to: string): void; attach(go: (to: string) => void): void };

export function createNavigator(): Navigator {
  let target: ((to: string) => void) | null = null;
  let pending: string | null = null;
  return {
    go(to) {
      if (target) target(to);
      else pending = to;
    },
    attach(go) {
      target = go;
      if (pending) go(pending);
      pending = null;
    },
  };
}
