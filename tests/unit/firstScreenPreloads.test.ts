// vite.plugins.ts: the inline script that preloads the first screen's chunks with the HTML.
import { type FirstScreenFiles, firstScreenPreloads, firstScreenScript } from '../../vite.plugins';

const files: FirstScreenFiles = {
  en: ['/assets/messages-en.js'],
  ru: ['/assets/messages-ru.js'],
  enStart: ['/assets/messages-en-start.js'],
  ruStart: ['/assets/messages-ru-start.js'],
  enAuth: ['/assets/messages-en-auth.js'],
  ruAuth: ['/assets/messages-ru-auth.js'],
  auth: ['/assets/auth.js', '/assets/TextField.js', '/assets/TextField.css'],
  signedIn: ['/assets/signed-in.js', '/assets/auth.js'],
};

/** The links the script added: `rel href` each. */
const links = () => Array.from(document.head.querySelectorAll('link'), (l) => `${l.rel} ${new URL(l.href).pathname}`);

function at(path: string, storage: Record<string, string> = {}) {
  // Only the links: the head also holds the stylesheets earlier files of this worker injected (isolate: false).
  document.head.querySelectorAll('link').forEach((l) => l.remove());
  localStorage.clear();
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  window.history.replaceState(null, '', path);
}

describe('first-screen preloads', () => {
  afterAll(() => at('/'));

  it('the login screen: only the catalogue (its screen is in the boot chunk)', () => {
    at('/auth/login/');
    firstScreenPreloads(files);
    expect(links()).toEqual(['modulepreload /assets/messages-en.js']);
  });

  it('an auth form in Russian: the catalogue, the forms chunk with its stylesheet, their messages', () => {
    at('/auth/forgot/abc', { selectedLanguage: 'RUS' });
    firstScreenPreloads(files);
    expect(links()).toEqual([
      'modulepreload /assets/messages-ru.js',
      'modulepreload /assets/auth.js',
      'modulepreload /assets/TextField.js',
      'stylesheet /assets/TextField.css',
      'modulepreload /assets/messages-ru-auth.js',
    ]);
  });

  it('a stored user anywhere else: the signed-in chunk and the start catalogue, each file once', () => {
    at('/home/asset/BTC', { 'oidc.user:http://x/realms/wallet:wallet-web': '{}' });
    firstScreenPreloads(files);
    expect(links()).toEqual([
      'modulepreload /assets/signed-in.js',
      'modulepreload /assets/auth.js',
      'modulepreload /assets/messages-en-start.js',
    ]);
  });

  it('no stored user outside the auth screens: the catalogue', () => {
    at('/home');
    firstScreenPreloads(files);
    expect(links()).toEqual(['modulepreload /assets/messages-en.js']);
  });

  it('the inline script runs from its text alone, with the built files in it', () => {
    const script = firstScreenScript(files);
    expect(script).toContain('/assets/messages-ru-auth.js');
    at('/auth/signup/email', { selectedLanguage: 'ENG' });
    new Function(script)();
    expect(links()).toEqual([
      'modulepreload /assets/messages-en.js',
      'modulepreload /assets/auth.js',
      'modulepreload /assets/TextField.js',
      'stylesheet /assets/TextField.css',
      'modulepreload /assets/messages-en-auth.js',
    ]);
  });
});
