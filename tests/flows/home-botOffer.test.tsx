/**
 * Inside the Mini App, Home offers Telegram messages once, after the first money (issue 24): driven from
 * the production botMessagesOffer machine on the rendered card, then HomePage wired to the app (inside
 * Telegram only, remembered per user once answered).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import type { NotificationPreferences } from '../../contracts/notifications';
import { botMessagesOfferMachine, type OfferOutcome } from '../../machines/botMessagesOffer.machine';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { BotMessagesOfferCard } from '../../src/features/home/BotMessagesOffer';
import { fakePlatform, makeUser, mountApp } from './app/harness';
import { btcAsset, btcCoin } from './asset-fixtures';

const prefs = (telegram: boolean): NotificationPreferences => ({ telegram, email: true, money: true, security: true });
const region = () => screen.queryByRole('region', { name: 'Telegram messages' });
const turnOn = () => screen.getByRole('button', { name: 'Turn on messages' }) as HTMLButtonElement;
const noThanks = () => screen.getByRole('button', { name: 'No, thanks' }) as HTMLButtonElement;

/** What the page's actions were asked to do (an object the harness copies by reference). */
type H = { log: { remembered: number; told: OfferOutcome[] } };

describeModel('botMessagesOffer', {
  machine: botMessagesOfferMachine,
  events: {
    waiting: [
      { type: 'xstate.done.actor.fundsSeen' },
      { type: 'xstate.error.actor.fundsSeen', error: new Error('stopped') },
    ],
    checking: [
      { type: 'xstate.done.actor.loadPreferences', output: prefs(false) },
      { type: 'xstate.done.actor.loadPreferences', output: prefs(true) },
      { type: 'xstate.error.actor.loadPreferences', error: { status: 503, code: 'HTTP_503', message: 'offline' } },
    ],
    offered: [{ type: 'offer.accepted' }, { type: 'offer.dismissed' }],
    asking: [
      { type: 'xstate.done.actor.askWriteAccess', output: 'allowed' },
      { type: 'xstate.done.actor.askWriteAccess', output: 'denied' },
      { type: 'xstate.done.actor.askWriteAccess', output: 'unavailable' },
      { type: 'xstate.error.actor.askWriteAccess', error: new Error('concurrent call') },
    ],
    saving: [
      { type: 'xstate.done.actor.savePreferences', output: prefs(true) },
      { type: 'xstate.error.actor.savePreferences', error: { status: 409, code: 'TELEGRAM_NOT_LINKED', message: '' } },
    ],
  },
  mount: async ({ fakes }) => {
    const h: H = { log: { remembered: 0, told: [] } };
    const actor = createActor(
      botMessagesOfferMachine.provide({
        actors: {
          fundsSeen: fakes.promise('fundsSeen'),
          loadPreferences: fakes.promise('loadPreferences'),
          askWriteAccess: fakes.promise('askWriteAccess'),
          savePreferences: fakes.promise('savePreferences'),
        },
        actions: {
          remember: () => void (h.log.remembered += 1),
          tell: ({ context }) => void h.log.told.push(context.outcome!),
        },
      }),
    ).start();
    await renderInRouter(<BotMessagesOfferCard offer={actor} />, { path: '/home' });
    return { ...h, actor };
  },
  drive: {
    'offer.accepted': (_e, h) => h.user.click(turnOn()),
    'offer.dismissed': (_e, h) => h.user.click(noThanks()),
  },
  states: {
    waiting: (h) => {
      expect(region()).toBeNull();
      expect(h.fakes.calls('loadPreferences')).toEqual([]);
    },
    checking: (h) => {
      expect(region()).toBeNull();
      expect(h.fakes.calls('loadPreferences')).toHaveLength(1);
    },
    offered: () => {
      const card = region()!;
      expect(card.getAttribute('aria-busy')).toBeNull();
      expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Telegram messages');
      expect(card.textContent).toContain("Money arrived. Get a message from the wallet's bot");
      expect(turnOn().disabled).toBe(false);
      expect(noThanks().disabled).toBe(false);
    },
    asking: (h) => {
      expect(region()!.getAttribute('aria-busy')).toBe('true');
      expect(turnOn().getAttribute('aria-busy')).toBe('true');
      expect(noThanks().disabled).toBe(true);
      expect(h.fakes.calls('askWriteAccess')).toHaveLength(1);
    },
    saving: (h) => {
      expect(region()!.getAttribute('aria-busy')).toBe('true');
      expect(turnOn().disabled).toBe(true);
      expect(h.fakes.calls('savePreferences')).toEqual([{ preferences: prefs(true) }]);
    },
    done: (h, s, { event }) => {
      expect(region()).toBeNull();
      expect(s.context.outcome === null ? [] : [s.context.outcome]).toEqual(h.log.told);
      // Remembered when answered (either way) or already on; not after a failure, so it is offered again.
      const answered: Record<string, boolean> = {
        'xstate.done.actor.savePreferences': true,
        'offer.dismissed': true,
        'xstate.done.actor.askWriteAccess': true,
        'xstate.done.actor.loadPreferences': true,
      };
      expect(h.log.remembered).toBe(event && answered[event.type] ? 1 : 0);
      const told: Partial<Record<string, OfferOutcome>> = {
        'xstate.done.actor.savePreferences': 'turnedOn',
        'xstate.error.actor.savePreferences': 'failed',
        'xstate.error.actor.askWriteAccess': 'failed',
      };
      if (event?.type === 'xstate.done.actor.askWriteAccess')
        expect(h.log.told).toEqual([
          (event as { output?: string }).output === 'unavailable' ? 'unavailable' : 'declined',
        ]);
      else expect(h.log.told).toEqual(event && told[event.type] ? [told[event.type]] : []);
    },
  },
});

describe('the offer on Home', () => {
  const wallet = {
    loadCatalogue: fromPromise(async () => [btcCoin]),
    loadBalances: fromPromise(async () => ({ assets: [btcAsset()], rates: {} })),
    loadUserFlags: fromPromise(async () => ({ pinCodeActive: true, tgLinked: true })),
  };

  it('inside the Mini App, after money is seen: accepted, Telegram asked, bot messages saved on, remembered', async () => {
    const saved: NotificationPreferences[] = [];
    let asked = 0;
    const platform = {
      ...fakePlatform(true).platform,
      requestWriteAccess: async () => {
        asked += 1;
        return 'allowed' as const;
      },
    };
    const inTelegram = { isTelegram: true, platform };
    const app = mountApp({
      path: '/home',
      signedIn: makeUser(),
      ...inTelegram,
      wallet,
      api: {
        notifications: {
          get: async () => prefs(false),
          save: async (p) => {
            saved.push(p);
            return p;
          },
        },
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Turn on messages' }));
    await waitFor(() => expect(app.toasts.at(-1)?.message).toBe('Telegram messages are on'));
    expect(asked).toBe(1);
    expect(saved).toEqual([prefs(true)]);
    expect(region()).toBeNull();
    expect(window.localStorage.getItem('botOfferAnswered:user-1')).toBe('true');
  });

  it('waits while Home asks for a passcode, and comes once that is answered', async () => {
    const platform = { ...fakePlatform(true).platform, requestWriteAccess: async () => 'allowed' as const };
    mountApp({
      path: '/home',
      signedIn: makeUser(),
      isTelegram: true,
      platform,
      wallet: { ...wallet, loadUserFlags: fromPromise(async () => ({ pinCodeActive: false, tgLinked: true })) },
      api: { notifications: { get: async () => prefs(false) } },
    });
    const notNow = await screen.findByRole('button', { name: 'Not now' });
    expect(screen.getByRole('region', { name: 'Protect your wallet' }).textContent).toContain('Set a passcode');
    expect(region()).toBeNull();
    await userEvent.setup().click(notNow);
    await waitFor(() => expect(region()?.textContent).toContain('Turn on messages'));
    expect(screen.queryByRole('region', { name: 'Protect your wallet' })).toBeNull();
  });

  it('not offered again once answered, nor in a browser', async () => {
    const platform = { ...fakePlatform(true).platform, requestWriteAccess: async () => 'allowed' as const };
    const inTelegram = { isTelegram: true, platform };
    let loaded = 0;
    const notifications = {
      get: async () => {
        loaded += 1;
        return prefs(false);
      },
    };
    mountApp({
      path: '/home',
      signedIn: makeUser(),
      ...inTelegram,
      wallet,
      storage: { 'botOfferAnswered:user-1': 'true' },
      api: { notifications },
    });
    await screen.findByRole('heading', { name: 'Assets' });
    expect(region()).toBeNull();
    mountApp({ path: '/home', signedIn: makeUser(), wallet, api: { notifications } });
    await screen.findAllByRole('heading', { name: 'Assets' });
    expect(region()).toBeNull();
    expect(loaded).toBe(0);
  });
});
