/**
 * Preferences (spec §3): dark theme and language, driven from the production preferences machine
 * through the settings and select-language screens.
 */
import { act, screen } from '@testing-library/react';
import { preferencesMachine, type PreferencesEvent } from '../../machines/preferences.machine';
import { describeModel, settle } from '../support/mbt';
import { makeUser, mountApp, pathname, type MountedApp } from './app/harness';

type H = { app: MountedApp; saveFailures: number };
type Outcome = { type: string; output?: unknown; error?: unknown };

const themeSwitch = () => screen.getByRole('switch', { name: 'Dark theme' });
const radio = (name: string) => screen.getByRole('radio', { name });
const names = { ENG: 'English', RUS: 'Русский' } as const;

describeModel('preferences', {
  machine: preferencesMachine,
  input: { darkTheme: true, language: 'ENG', languageChosen: false },
  events: {
    '*': [
      { type: 'theme.toggled' },
      { type: 'language.selected', language: 'RUS' },
      { type: 'language.selected', language: 'ENG' },
      { type: 'user.signedIn' },
      { type: 'user.signedOut' },
    ],
    loadingServerLanguage: [
      { type: 'xstate.done.actor.loadServerLanguage', output: 'RUS' },
      { type: 'xstate.done.actor.loadServerLanguage', output: null },
      { type: 'xstate.error.actor.loadServerLanguage', error: { code: 'HTTP_500' } },
    ],
    savingLanguage: [
      { type: 'xstate.done.actor.saveServerLanguage' },
      { type: 'xstate.error.actor.saveServerLanguage', error: { code: 'HTTP_500' } },
    ],
  },
  keepIgnored: () => false,
  fakeTimers: true,
  mount: async ({ fakes }) => {
    const h = { saveFailures: 0 } as H;
    h.app = mountApp({
      path: '/settings',
      signedIn: makeUser(),
      loadProfile: () => new Promise(() => {}),
      preferences: {
        input: { darkTheme: true, language: 'ENG', languageChosen: false },
        loadServerLanguage: fakes.promise('loadServerLanguage'),
        saveServerLanguage: fakes.promise('saveServerLanguage'),
        reportSaveFailed: () => void (h.saveFailures += 1),
      },
    });
    await settle();
    return Object.assign(h, { actor: h.app.preferences });
  },
  drive: {
    'theme.toggled': async (_e: Outcome, h) => {
      if (pathname(h.app) !== '/settings') {
        await h.user.click(screen.getByRole('link', { name: '‹ Settings' }));
        await settle();
      }
      await h.user.click(themeSwitch());
    },
    'language.selected': async (e: PreferencesEvent, h) => {
      if (e.type !== 'language.selected') return;
      if (pathname(h.app) !== '/settings/select-language') {
        await h.user.click(screen.getByRole('link', { name: /Language/ }));
        await settle();
      }
      await h.user.click(radio(names[e.language]));
    },
    // Session changes reach preferences through src/app/live.ts; here they are sent as that glue would.
    'user.signedIn': (e: PreferencesEvent, h) => act(() => h.app.preferences.send(e)),
    'user.signedOut': (e: PreferencesEvent, h) => act(() => h.app.preferences.send(e)),
  },
  states: {
    '*': (h, s) => {
      // Applied at once: the last theme and language handed to the page are the machine's.
      expect(h.app.applied.themes.at(-1)).toBe(s.context.darkTheme);
      expect(h.app.applied.languages.at(-1)).toBe(s.context.language);
      if (pathname(h.app) === '/settings') {
        expect(themeSwitch().getAttribute('aria-checked')).toBe(String(s.context.darkTheme));
        const row = screen.getByRole('link', { name: /Language/ });
        expect(row.textContent).toContain(names[s.context.language as 'ENG' | 'RUS']);
      } else {
        expect(pathname(h.app)).toBe('/settings/select-language');
        expect(radio(names[s.context.language as 'ENG' | 'RUS']).getAttribute('aria-checked')).toBe('true');
        expect(screen.getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true')).toHaveLength(1);
      }
    },
    ready: (h, s) => {
      if (!s.context.signedIn) expect(h.app.preferences.getSnapshot().hasTag('saving')).toBe(false);
    },
    loadingServerLanguage: (h, s) => {
      expect(s.context.languageChosen).toBe(false);
      expect(h.app.preferences.getSnapshot().context.signedIn).toBe(true);
    },
    savingLanguage: (h, s) => {
      expect(s.context.signedIn).toBe(true);
      expect(s.hasTag('saving')).toBe(true);
    },
  },
});

describe('preferences side effects', () => {
  it('reports a failed save and keeps the local choice', async () => {
    vi.useFakeTimers();
    let failures = 0;
    const app = mountApp({
      path: '/settings/select-language',
      signedIn: makeUser(),
      preferences: {
        saveServerLanguage: (await import('xstate')).fromPromise(async () => {
          throw new Error('offline');
        }),
        reportSaveFailed: () => void (failures += 1),
      },
    });
    await settle();
    act(() => app.preferences.send({ type: 'user.signedIn' }));
    await settle();
    act(() => app.preferences.send({ type: 'language.selected', language: 'RUS' }));
    await settle();
    expect(failures).toBe(1);
    expect(app.preferences.getSnapshot().context.language).toBe('RUS');
    expect(radio('Русский').getAttribute('aria-checked')).toBe('true');
  });
});
