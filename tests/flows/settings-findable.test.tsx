/**
 * Settings' "Let wallet users find me" (issue 25): off by default, turned on and off through the gateway,
 * a failed load offers a retry and a refused change leaves the switch as it was, with a toast.
 */
import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { findableMachine } from '../../machines/findable.machine';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { FindableRow } from '../../src/features/settings/FindableSwitch';

const name = 'Let wallet users find me';
const toggle = () => screen.getByRole('switch', { name: new RegExp(`^${name}`) }) as HTMLButtonElement;

describeModel('findable', {
  machine: findableMachine,
  events: {
    loading: [
      { type: 'xstate.done.actor.loadFindable', output: false },
      { type: 'xstate.done.actor.loadFindable', output: true },
      { type: 'xstate.error.actor.loadFindable', error: new Error('offline') },
    ],
    failed: [{ type: 'retried' }],
    ready: [{ type: 'toggled' }],
    saving: [
      { type: 'xstate.done.actor.saveFindable', output: true },
      { type: 'xstate.done.actor.saveFindable', output: false },
      { type: 'xstate.error.actor.saveFindable', error: new Error('refused') },
    ],
  },
  mount: async ({ fakes }) => {
    const toasts: string[] = [];
    const actor = createActor(
      findableMachine.provide({
        actors: { loadFindable: fakes.promise('loadFindable'), saveFindable: fakes.promise('saveFindable') },
        actions: { notifySaveFailed: () => void toasts.push('Could not change who can find you') },
      }),
    ).start();
    await renderInRouter(
      <ul>
        <FindableRow actor={actor} />
      </ul>,
      { path: '/settings' },
    );
    return { actor, toasts };
  },
  drive: {
    retried: (_e, h) => h.user.click(screen.getByRole('button', { name: /^Let wallet users find me/ })),
    toggled: (_e, h) => h.user.click(toggle()),
  },
  states: {
    loading: () => expect(toggle().getAttribute('aria-busy')).toBe('true'),
    failed: () => expect(screen.getByRole('button', { name: /Retry$/ }).textContent).toContain(name),
    ready: (h, s, { event }) => {
      expect(toggle().getAttribute('aria-checked')).toBe(String(s.context.findable));
      expect(toggle().disabled).toBe(false);
      if (event?.type === 'xstate.error.actor.saveFindable')
        expect(h.toasts.at(-1)).toBe('Could not change who can find you');
    },
    saving: (h, s) => {
      expect(toggle().getAttribute('aria-busy')).toBe('true');
      expect(h.fakes.calls('saveFindable').at(-1)).toEqual({ findable: !s.context.findable });
    },
  },
});
