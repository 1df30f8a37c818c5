import { useEffect, useLayoutEffect, useRef } from 'react';
import { useNavigate, useRouterState, type NavigateOptions } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

/** What a flow machine is told when the URL moved to another step (the browser's back or forward button). */
export type RouteChanged<S extends string> = { type: 'route.changed'; route: S };

/** The snapshot type `useSelector` hands a selector of this actor. */
type SnapshotOf<A> = A extends { getSnapshot(): infer T } ? T : undefined;

export type FlowRoute<A extends AnyActorRef, S extends string> = {
  /** The step the machine's state shows; null while there is no screen of its own yet (loading). */
  stepOf: (snapshot: SnapshotOf<A>) => S | null;
  /** The step a URL shows (its path, and search when the step lives there); null: not one of the flow's. */
  urlStep: (location: { pathname: string; search: Record<string, unknown> }) => S | null;
  /** Where a step lives. */
  locationOf: (step: S) => NavigateOptions;
  /** Steps whose URL replaces the current entry (a success: back does not lead to a done review). */
  replaces?: readonly S[];
};

/**
 * The URL is the step (ARCHITECTURE.md "Money flow pattern"). When the machine moves to another
 * step the URL follows (the first time replacing the URL the flow opened on, so a reload on a later
 * step lands where the machine restarts). When the URL moves (back, forward, a typed address) the
 * machine is sent `route.changed` and decides; if it stays, the URL goes back to its step — so the
 * screen on show is always the URL's.
 */
export function useFlowRoute<A extends AnyActorRef, S extends string>(actor: A, route: FlowRoute<A, S>): S | null {
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });
  const atUrl = route.urlStep({ pathname: location.pathname, search: location.search as Record<string, unknown> });
  const shown = useSelector(actor, route.stepOf);
  // What each effect reads without being driven by it: the route table and the other side's step.
  const latest = useRef({ route, atUrl, shown });
  useLayoutEffect(() => {
    latest.current = { route, atUrl, shown };
  });
  const synced = useRef(false);
  const lastUrl = useRef<S | null>(atUrl);

  // The machine moved: the URL follows.
  useEffect(() => {
    if (shown === null) return;
    const { route: r, atUrl: url } = latest.current;
    const first = !synced.current;
    synced.current = true;
    if (shown === url) return;
    void navigate({ ...r.locationOf(shown), replace: first || (r.replaces ?? []).includes(shown) });
  }, [shown, navigate]);

  // The URL moved: the machine decides, and the URL comes back when it stays.
  useEffect(() => {
    const previous = lastUrl.current;
    lastUrl.current = atUrl;
    if (atUrl === null || atUrl === previous || !synced.current) return;
    const { route: r } = latest.current;
    if (atUrl === r.stepOf(actor.getSnapshot())) return;
    actor.send({ type: 'route.changed', route: atUrl } satisfies RouteChanged<S>);
    const now = r.stepOf(actor.getSnapshot());
    if (now !== null && now !== atUrl) void navigate({ ...r.locationOf(now), replace: true });
  }, [atUrl, actor, navigate]);

  return shown;
}
