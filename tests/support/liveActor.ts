/**
 * The actor a page starts for itself (`useActorRef(machine.provide(...))`), for suites that render the
 * whole app: the model-based runner compares it with the model after every step. Creating an actor
 * asks its logic for the initial snapshot with the actor as `self`; the machine (and every copy its
 * `provide` makes) reports that actor here. The spies are restored after each test (setup.ts).
 */
import { vi } from 'vitest';
import type { AnyActorRef, AnyStateMachine } from 'xstate';

export function captureLiveActor(machine: AnyStateMachine): () => AnyActorRef | undefined {
  const created: AnyActorRef[] = [];
  const watch = (m: AnyStateMachine): AnyStateMachine => {
    const initial = m.getInitialSnapshot.bind(m);
    const provide = m.provide.bind(m);
    vi.spyOn(m, 'getInitialSnapshot').mockImplementation(((scope: { self?: AnyActorRef }, input: unknown) => {
      if (scope?.self) created.push(scope.self);
      return initial(scope as never, input as never);
    }) as never);
    vi.spyOn(m, 'provide').mockImplementation(((implementations: never) => watch(provide(implementations))) as never);
    return m;
  };
  watch(machine);
  // The page mounted last is the one on screen (a page opened again starts a fresh actor).
  return () => created.at(-1);
}
