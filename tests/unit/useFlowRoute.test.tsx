/**
 * useFlowRoute: the URL is the step. The machine's moves put their URL in place (push; replace for the
 * first sync and the `replaces` steps); back and forward send `route.changed`, and when the machine
 * stays the URL comes back to its step, so the screen shown is always the URL's.
 */
import { act, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type ActorRefFrom } from 'xstate';
import { useFlowRoute } from '../../src/features/shared/useFlowRoute';
import { renderInRouter } from '../support/router';

type Step = 'a' | 'b' | 'c' | 'done';
const STEPS: Step[] = ['a', 'b', 'c', 'done'];

/** a ⇄ b by URL; c refuses to go back by URL (a request on its way); done is the end. */
const flow = createMachine({
  types: {} as { events: { type: 'next' } | { type: 'route.changed'; route: Step } },
  id: 'flow',
  initial: 'loading',
  states: {
    loading: { on: { next: 'a' } },
    a: { on: { next: 'b', 'route.changed': { guard: ({ event }) => event.route === 'b', target: 'b' } } },
    b: { on: { next: 'c', 'route.changed': { guard: ({ event }) => event.route === 'a', target: 'a' } } },
    c: { on: { next: 'done' } },
    done: {},
  },
});
type FlowActor = ActorRefFrom<typeof flow>;

const stepOf = (s: ReturnType<FlowActor['getSnapshot']>): Step | null =>
  s.matches('loading') ? null : (s.value as Step);

function Flow({ actor }: { actor: FlowActor }) {
  useFlowRoute(actor, {
    stepOf,
    urlStep: ({ pathname }) => STEPS.find((step) => pathname === `/flow/${step}`) ?? null,
    // A test route outside the app's route tree: the typed `to` only knows the app's.
    locationOf: (step) => ({ to: `/flow/${step}` as '/' }),
    replaces: ['done'],
  });
  const value = useSelector(actor, (s) => String(s.value));
  return <p data-testid="screen">{value}</p>;
}

async function mount(path: string) {
  const actor = createActor(flow).start();
  const r = await renderInRouter(<Flow actor={actor} />, { path });
  const next = async () => {
    await act(async () => void actor.send({ type: 'next' }));
  };
  const go = async (move: 'back' | 'forward') => {
    await act(async () => void r.router.history[move]());
  };
  const shown = () => screen.getByTestId('screen').textContent;
  return { ...r, next, go, shown, path: () => r.location().pathname, length: () => r.router.history.length };
}

describe('useFlowRoute', () => {
  it('puts the first step in place of the URL the flow opened on', async () => {
    const f = await mount('/flow/c');
    expect(f.path()).toBe('/flow/c');
    await f.next();
    expect(f.shown()).toBe('a');
    expect(f.path()).toBe('/flow/a');
    expect(f.length()).toBe(1);
  });

  it('follows the machine, and back and forward move the machine', async () => {
    const f = await mount('/flow/a');
    await f.next();
    await f.next();
    expect([f.shown(), f.path(), f.length()]).toEqual(['b', '/flow/b', 2]);
    await f.go('back');
    expect([f.shown(), f.path()]).toEqual(['a', '/flow/a']);
    await f.go('forward');
    expect([f.shown(), f.path()]).toEqual(['b', '/flow/b']);
  });

  it('brings the URL back when the machine stays on its step', async () => {
    const f = await mount('/flow/a');
    await f.next();
    await f.next();
    await f.next();
    expect([f.shown(), f.path()]).toEqual(['c', '/flow/c']);
    await f.go('back');
    expect([f.shown(), f.path()]).toEqual(['c', '/flow/c']);
  });

  it('replaces the entry for a step that must not be gone back to', async () => {
    const f = await mount('/flow/a');
    await f.next();
    await f.next();
    await f.next();
    const before = f.length();
    await f.next();
    expect([f.shown(), f.path(), f.length()]).toEqual(['done', '/flow/done', before]);
  });
});
