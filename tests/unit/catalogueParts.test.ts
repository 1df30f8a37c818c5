// vite.catalogueParts.ts: which part of the catalogue each message goes to, and the cut of a compiled part.
import { readdirSync, statSync } from 'node:fs';
import { homeOf, keepPart, messageHomes, partOfOrigins, type Part } from '../../vite.catalogueParts';

describe('catalogue parts', () => {
  it.each<[string, string[], Part]>([
    ['the login screen', ['src/features/auth/StaticScreens.tsx'], 'first'],
    ['an auth form', ['src/features/auth/LoginEmailScreen.tsx'], 'auth'],
    ['two auth forms', ['src/features/auth/ForgotScreen.tsx', 'src/features/auth/ResetScreen.tsx'], 'auth'],
    ['an auth form and Home', ['src/features/auth/AuthForm.tsx', 'src/features/home/HomeScreen.tsx'], 'first'],
    ['Home', ['src/features/home/HomeScreen.tsx'], 'rest'],
    ['a flow', ['src/features/send/ReviewScreen.tsx'], 'flows'],
    ['two flows', ['src/features/send/ReviewScreen.tsx', 'src/features/swap/OrderScreen.tsx'], 'flows'],
    ['a flow and Home', ['src/features/send/ReviewScreen.tsx', 'src/features/home/HomeScreen.tsx'], 'rest'],
    ['a flow and the error screens', ['src/features/send/ReviewScreen.tsx', 'src/features/errors/x.tsx'], 'first'],
    ['the frame', ['src/features/shell/AppShell.tsx'], 'first'],
    ['the offline banner (a file of the frame listed apart)', ['src/features/shell/OfflineBanner.tsx'], 'rest'],
    ['the money screens offline hold', ['src/features/shell/moneyHold.tsx'], 'flows'],
    ['shared UI', ['src/ui/Screen.tsx'], 'first'],
    ['shared UI only flows show', ['src/ui/QuoteDetails.tsx'], 'flows'],
    ['a machine', ['machines/shared/errors.ts'], 'first'],
    ['no file any more', [], 'first'],
  ])('%s', (_, files, part) => expect(partOfOrigins(files)).toBe(part));

  it('every feature folder says where its messages go (a new one: add it to messageHomes)', () => {
    const folders = readdirSync('src/features').filter((f) => statSync(`src/features/${f}`).isDirectory());
    const listed = Object.values(messageHomes).flat();
    expect(folders.filter((f) => !listed.includes(`features/${f}/`))).toEqual([]);
  });

  it('every file listed exists (a renamed one would fall back to its folder)', () => {
    const files = Object.values(messageHomes)
      .flat()
      .filter((e) => !e.endsWith('/'));
    expect(files.filter((f) => !statSync(`src/${f}`, { throwIfNoEntry: false })?.isFile())).toEqual([]);
  });

  it('a file entry wins over its folder', () => {
    expect(homeOf('src/features/shell/preferenceNotices.ts')).toBe('rest');
    expect(homeOf('src/features/shell/signedInFrame.tsx')).toBe('first');
    expect(homeOf('src/features/auth/pages.tsx')).toBe('auth');
    expect(homeOf('src/features/auth/StaticScreens.tsx')).toBe('first');
  });

  it('keeps the messages of one part, or of the first and signed-in parts for a returning start', () => {
    const all = { a: 'Log in', b: 'Total balance', c: 'Confirm and send', d: 'E-mail', e: 'new' };
    const code = `/*eslint-disable*/export const messages=JSON.parse(${JSON.stringify(JSON.stringify(all))});`;
    const partOf = new Map<string, Part>([
      ['a', 'first'],
      ['b', 'rest'],
      ['c', 'flows'],
      ['d', 'auth'],
    ]);
    const kept = (bundle: Parameters<typeof keepPart>[1]) =>
      Object.keys(JSON.parse(JSON.parse(/JSON\.parse\((.*)\);$/.exec(keepPart(code, bundle, partOf))![1]!)));
    // A message the .po does not know yet (e) stays in the first part.
    expect(kept('first')).toEqual(['a', 'e']);
    expect(kept('rest')).toEqual(['b']);
    expect(kept('flows')).toEqual(['c']);
    expect(kept('auth')).toEqual(['d']);
    expect(kept('signedInStart')).toEqual(['a', 'b', 'e']);
  });

  it('reads a single-quoted literal as JavaScript does, and fails on a module without one', () => {
    const code = `export const messages=JSON.parse('{"a":"it\\'s"}');`;
    expect(keepPart(code, 'first', new Map())).toBe(
      `export const messages = JSON.parse(${JSON.stringify('{"a":"it\'s"}')});`,
    );
    expect(() => keepPart('export const messages = {}', 'first', new Map(), 'x.po')).toThrow(
      /no compiled messages in x.po/,
    );
  });
});
