import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

let current: SessionActor | undefined;

/** The running session actor is created in src/app/live.ts (or by a test) and registered here. */
export function registerSession(actor: SessionActor): void {
  current = actor;
}

export function getSession(): SessionActor {
  if (!current) throw new Error('Session actor not started');
  return current;
}
