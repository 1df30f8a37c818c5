/**
 * Preferences (spec §3): dark theme, language and the selected fiat, driven from the production
 * preferences machine through the settings, select-language and select-currency screens.
 */
import { act, screen } from '@testing-library/react';
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { preferencesMachine, type PreferencesEvent, type PreferencesInput } from '../../machines/preferences.machine';
import { describeModel, settle } from '../support/mbt';
import { fakeHostTheme, makeUser, mountApp, pathname, type MountedApp } from './app/harness';

type H = { app: MountedApp & { hostTheme: ReturnType<typeof fakeHostTheme> } };

const themeSwitch = () => screen.getByRole('switch', { name: 'Dark theme' });
const radio = (name: string) => screen.getByRole('radio', { name });
const names = { ENG: 'English', RUS: 'Русский' } as const;
const input: PreferencesInput = {
  darkTheme: true,
  themeChosen: false,
  language: 'ENG',
  languageChosen: false,
  currency: 'USD',
  currencyChosen: false,
  hideBalances: false,
};
const eye = () => screen.getByRole('button', { name: 'Hide balances' });

async function open(h: H & { user: { click(e: Element): Promise<void> } }, path: string, row: RegExp) {
  if (pathname(h.app) === path) return;
  if (pathname(h.app) === '/home') {
    await act(() => h.app.router.navigate({ to: '/settings' }));
    await settle();
  }
  if (pathname(h.app) !== '/settings') {
    await h.user.click(screen.getByRole('link', { name: 'Back' }));
    await settle();
  }
  if (path !== '/settings') {
    await h.user.click(screen.getByRole('link', { name: row }));
    await settle();
  }
}

/**
 * What the current screen shows of the choices: the settings rows (theme, language, currency), or the
 * one checked row of a picker. `which` names the choice the asserting state is about; a picker for the
 * other choice must still show exactly one checked row, the machine's.
 */
function expectChoicesShown(h: H, s: AnyMachineSnapshot, which: 'language' | 'currency' | 'both') {
  const path = pathname(h.app);
  // Home shows none of these choices, only the eye: pressed exactly while amounts are hidden.
  if (path === '/home') {
    expect(eye().getAttribute('aria-pressed')).toBe(String(s.context.hideBalances));
    return;
  }
  const language = names[s.context.language as 'ENG' | 'RUS'];
  if (path === '/settings') {
    expect(themeSwitch().getAttribute('aria-checked')).toBe(String(s.context.darkTheme));
    if (which !== 'currency') expect(screen.getByRole('link', { name: /Language/ }).textContent).toContain(language);
    if (which !== 'language')
      expect(screen.getByRole('link', { name: /Currency/ }).textContent).toContain(s.context.currency);
    return;
  }
  const selected = path === '/settings/select-language' ? language : s.context.currency;
  const checked = screen.getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true');
  expect(checked).toHaveLength(1);
  expect(checked[0].textContent).toContain(selected);
}

describeModel('preferences', {
  machine: preferencesMachine,
  input,
  events: {
    '*': [
      { type: 'theme.toggled' },
      { type: 'balances.hideToggled' },
      { type: 'theme.hostChanged', dark: false },
      { type: 'theme.hostChanged', dark: true },
      { type: 'language.selected', language: 'RUS' },
      { type: 'language.selected', language: 'ENG' },
      { type: 'currency.selected', currency: 'EUR' },
      { type: 'currency.selected', currency: 'USD' },
      { type: 'user.signedIn' },
      { type: 'user.signedOut' },
    ],
    'account.loadingServerSettings': [
      { type: 'xstate.done.actor.loadServerSettings', output: { language: 'RUS', currency: 'KZT' } },
      { type: 'xstate.done.actor.loadServerSettings', output: { language: null, currency: null } },
      { type: 'xstate.error.actor.loadServerSettings', error: { code: 'HTTP_500' } },
    ],
    'language.saving': [
      { type: 'xstate.done.actor.saveServerLanguage' },
      { type: 'xstate.error.actor.saveServerLanguage', error: { code: 'HTTP_500' } },
    ],
    'currency.saving': [
      { type: 'xstate.done.actor.saveServerCurrency' },
      { type: 'xstate.error.actor.saveServerCurrency', error: { code: 'HTTP_500' } },
    ],
  },
  keepIgnored: () => false,
  fakeTimers: true,
  mount: async ({ fakes }) => {
    const hostTheme = fakeHostTheme(input.darkTheme);
    const app = mountApp({
      path: '/settings',
      signedIn: makeUser(),
      hostTheme,
      loadProfile: () => new Promise(() => {}),
      preferences: {
        input,
        loadServerSettings: fakes.promise('loadServerSettings'),
        saveServerLanguage: fakes.promise('saveServerLanguage'),
        saveServerCurrency: fakes.promise('saveServerCurrency'),
      },
    });
    await settle();
    return { app: Object.assign(app, { hostTheme }), actor: app.preferences };
  },
  drive: {
    'theme.toggled': async (_e, h) => {
      await open(h, '/settings', /Dark theme/);
      await h.user.click(themeSwitch());
    },
    // The eye on Home, where the total is.
    'balances.hideToggled': async (_e, h) => {
      if (pathname(h.app) !== '/home') {
        await act(() => h.app.router.navigate({ to: '/home' }));
        await settle();
      }
      await h.user.click(eye());
    },
    'language.selected': async (e: PreferencesEvent, h) => {
      if (e.type !== 'language.selected') return;
      await open(h, '/settings/select-language', /Language/);
      await h.user.click(radio(names[e.language]));
    },
    'currency.selected': async (e: PreferencesEvent, h) => {
      if (e.type !== 'currency.selected') return;
      await open(h, '/settings/select-currency', /Currency/);
      await h.user.click(radio(e.currency));
    },
    // The messenger's theme_changed, through the platform's host theme (src/app/services.ts subscribes).
    'theme.hostChanged': (e: PreferencesEvent, h) => {
      if (e.type !== 'theme.hostChanged') return;
      act(() => h.app.hostTheme.set(e.dark));
    },
    // Session changes reach preferences through src/app/live.ts; here they are sent as that glue would.
    'user.signedIn': (e: PreferencesEvent, h) => act(() => h.app.preferences.send(e)),
    'user.signedOut': (e: PreferencesEvent, h) => act(() => h.app.preferences.send(e)),
  },
  states: {
    '*': (h, s) => {
      // Applied at once: the last theme and language handed to the page are the machine's.
      expect(h.app.applied.themes.at(-1)).toBe(s.context.darkTheme);
      // Following the messenger's scheme is not a choice: only a toggle is stored.
      expect(window.localStorage.getItem('darkTheme')).toBe(s.context.themeChosen ? String(s.context.darkTheme) : null);
      expect(h.app.applied.languages.at(-1)).toBe(s.context.language);
      expect(window.localStorage.getItem('selectedCurrency')).toBe(
        s.context.currencyChosen ? s.context.currency : null,
      );
      // Stored on every toggle (nothing before the first): a reload starts from it.
      expect(window.localStorage.getItem('hideBalances') ?? 'false').toBe(String(s.context.hideBalances));
    },
    // Every state shows the choices as made, at once: neither the account settings nor a save is waited for.
    'account.signedOut': (h, s) => {
      expect(s.context.signedIn).toBe(false);
      expectChoicesShown(h, s, 'both');
    },
    'account.loadingServerSettings': (h, s) => {
      expect(s.context.languageChosen && s.context.currencyChosen).toBe(false);
      expect(h.fakes.calls('loadServerSettings').length).toBeGreaterThan(0);
      expectChoicesShown(h, s, 'both');
    },
    'account.signedIn': (h, s) => {
      expect(s.context.signedIn).toBe(true);
      // The account's own settings (Русский, KZT in one case) fill the gaps on screen once they arrive.
      expectChoicesShown(h, s, 'both');
    },
    'language.idle': (h, s) => {
      expect(s.hasTag('savingLanguage')).toBe(false);
      expectChoicesShown(h, s, 'language');
    },
    'language.saving': (h, s) => {
      expect(h.fakes.calls('saveServerLanguage').at(-1)).toEqual({ language: s.context.languageInFlight });
      expectChoicesShown(h, s, 'language');
    },
    'currency.idle': (h, s) => {
      expect(s.hasTag('savingCurrency')).toBe(false);
      expectChoicesShown(h, s, 'currency');
    },
    'currency.saving': (h, s) => {
      expect(h.fakes.calls('saveServerCurrency').at(-1)).toEqual({ currency: s.context.currencyInFlight });
      expectChoicesShown(h, s, 'currency');
    },
  },
});

describe('preferences side effects', () => {
  it('reports a failed save and keeps the local choice', async () => {
    vi.useFakeTimers();
    const app = mountApp({
      path: '/settings/select-currency',
      signedIn: makeUser(),
      preferences: {
        saveServerCurrency: fromPromise(async () => {
          throw new Error('offline');
        }),
      },
    });
    await settle();
    act(() => app.preferences.send({ type: 'user.signedIn' }));
    await settle();
    act(() => app.preferences.send({ type: 'currency.selected', currency: 'CAD' }));
    await settle();
    expect(app.toasts.filter((toast) => toast.kind === 'error')).toHaveLength(1);
    expect(app.preferences.getSnapshot().context.currency).toBe('CAD');
    expect(radio('CAD').getAttribute('aria-checked')).toBe('true');
  });

  it('a locally chosen language and currency skip the account settings', async () => {
    let loads = 0;
    const app = mountApp({
      path: '/settings',
      signedIn: makeUser(),
      preferences: {
        input: { languageChosen: true, currency: 'EUR', currencyChosen: true },
        loadServerSettings: fromPromise(async () => {
          loads += 1;
          return { language: 'RUS', currency: 'USD' };
        }),
      },
    });
    await settle();
    act(() => app.preferences.send({ type: 'user.signedIn' }));
    await settle();
    expect(loads).toBe(0);
    expect(app.preferences.getSnapshot().context).toMatchObject({ language: 'ENG', currency: 'EUR' });
  });
});
