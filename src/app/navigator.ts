import type { NavigateOptions } from '@tanstack/react-router';

/**
 * Where machines and the app's route actions send the user; filled in once the router exists (machines
 * never import it). Targets are the registered router's typed navigate options, so a route that does not
 * exist fails the type check.
 */
export type Navigator = {
  go(options: NavigateOptions): void;
  attach(go: (options: NavigateOptions) => void): void;
  /** The error screen's way out (spec §2): the sign-in screens, whatever the error was. */
  backToLogin(): void;
};

export function createNavigator(): Navigator {
  let target: ((options: NavigateOptions) => void) | null = null;
  let pending: NavigateOptions | null = null;
  const go = (options: NavigateOptions) => {
    if (target) target(options);
    else pending = options;
  };
  return {
    go,
    attach(next) {
      target = next;
      if (pending) next(pending);
      pending = null;
    },
    backToLogin: () => go({ to: '/auth/login' }),
  };
}
