import { runInNewContext } from 'node:vm';
import type { Plugin } from 'vite';

/** The catalogue's parts (src/i18n/index.ts loads each with the screens that show its messages). */
export type Part = 'first' | 'auth' | 'rest' | 'flows';

/**
 * Where a source file's messages belong, by folder (ending in `/`) or file, under `src/`. A message goes
 * to a later part only when every file using it is of that part (`partOfOrigins`); anything not listed is
 * the first part's (sign-in, errors, the app frame, shared UI). `tests/unit/catalogueParts.test.ts` fails
 * when a folder of `src/features/` is in no list, so a new feature says where its messages go.
 */
export const messageHomes: Record<Part, readonly string[]> = {
  // What the login screen, errors and the app frame say, and the shared UI the sign-in screens show.
  first: ['features/auth/', 'features/errors/', 'features/shared/', 'features/shell/'],
  // Only the auth forms (the `features/auth` chunk), not the login and sign-up choice (StaticScreens.tsx)
  // nor the boot chunk's auth services: file by file.
  auth: [
    'features/auth/AuthForm.tsx',
    'features/auth/CheckMailScreen.tsx',
    'features/auth/ConfirmScreen.tsx',
    'features/auth/EmailField.tsx',
    'features/auth/ForgotScreen.tsx',
    'features/auth/ForgotSuccessScreen.tsx',
    'features/auth/LoginEmailScreen.tsx',
    'features/auth/ResetScreen.tsx',
    'features/auth/SignupEmailScreen.tsx',
    'features/auth/messages.ts',
    'features/auth/wiring.ts',
    'features/auth/pages.tsx',
  ],
  // Home and the asset screens, and the shared UI and frame parts only signed-in screens show (the
  // offline banner; the preference notices, as only a signed-in user's choice is saved at the gateway).
  rest: [
    'features/home/',
    'features/asset/',
    'features/assets/',
    'features/protection/',
    'features/soon/',
    'features/receive/',
    'features/shell/OfflineBanner.tsx',
    'features/shell/preferenceNotices.ts',
    'ui/BottomNav.tsx',
    'ui/PinPad.tsx',
    'ui/AssetPicker.tsx',
  ],
  // The flows, loaded with their page chunks (src/app/signedInPages.ts, withFlowMessages).
  flows: [
    'features/history/',
    'features/send/',
    'features/addressBook/',
    'features/settings/',
    'features/passcode/',
    'features/scanner/',
    'features/buy/',
    'features/sell/',
    'features/swap/',
    'features/shell/moneyHold.tsx',
    'ui/QuoteDetails.tsx',
  ],
};

/** The part of one file (a path as the .po records it, `src/…`): a file entry wins over a folder. */
export function homeOf(file: string): Part {
  const path = file.replace(/^src\//, '');
  const parts = Object.entries(messageHomes) as [Part, readonly string[]][];
  const exact = parts.find(([, entries]) => entries.includes(path));
  if (exact) return exact[0];
  const byFolder = parts
    .flatMap(([part, entries]) => entries.filter((e) => e.endsWith('/') && path.startsWith(e)).map((e) => [part, e]))
    .sort((a, b) => b[1]!.length - a[1]!.length)[0];
  return (byFolder?.[0] as Part | undefined) ?? 'first';
}

/** A message's part from the files using it: a later part only when all of them are of it. */
export function partOfOrigins(files: readonly string[]): Part {
  const homes = files.map(homeOf);
  if (homes.length === 0 || homes.some((h) => h === 'first')) return 'first';
  if (homes.every((h) => h === 'auth')) return 'auth';
  if (homes.some((h) => h === 'auth')) return 'first';
  return homes.every((h) => h === 'flows') ? 'flows' : 'rest';
}

/** What the import asks for: one part, or the first and signed-in parts together (a returning user's start). */
export type Bundle = Part | 'signedInStart';

/**
 * The compiled catalogue module (`export const messages = JSON.parse("…")`, all messages) cut down to the
 * messages of `bundle`. A message `partOf` does not know (a dev server ahead of extraction) stays first.
 */
export function keepPart(code: string, bundle: Bundle, partOf: ReadonlyMap<string, Part>, id = ''): string {
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\)/.exec(code)?.[1];
  if (!literal) throw new Error(`catalogue-parts: no compiled messages in ${id}`);
  // The literal is a JavaScript string (either quotes): read as JavaScript reads it, in an empty context.
  const text = runInNewContext(literal) as string;
  const all = JSON.parse(text) as Record<string, unknown>;
  const wanted = (p: Part) => (bundle === 'signedInStart' ? p === 'first' || p === 'rest' : p === bundle);
  const kept = Object.fromEntries(Object.entries(all).filter(([key]) => wanted(partOf.get(key) ?? 'first')));
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(kept))});`;
}

/**
 * The catalogue in four parts, so a screen downloads only the messages it can show (8.5 kB less on
 * /auth/login, docs/performance.md): `messages.po?<part>?lingui` (src/i18n/index.ts) holds the messages of
 * that part, picked by the origins the .po file records (`messageHomes`). The Lingui plugin compiles the
 * whole catalogue for every id (its filter ends in `?lingui`); this keeps each part's messages.
 */
export function catalogueParts(): Plugin {
  let parts: Promise<Map<string, Part>> | null = null;
  async function readParts() {
    const { getConfig } = await import('@lingui/conf');
    const { getCatalogs } = await import('@lingui/cli/api');
    const [catalog] = await getCatalogs(getConfig());
    const messages = (await catalog!.read('en')) ?? {};
    // A message no file uses any more (extraction keeps no origin) stays in the first part.
    return new Map(
      Object.entries(messages).map(([id, entry]) => [id, partOfOrigins((entry.origin ?? []).map(([file]) => file))]),
    );
  }
  return {
    name: 'wallet:catalogue-parts',
    enforce: 'post',
    buildStart: () => void (parts = null),
    watchChange: (id) => void (id.endsWith('.po') && (parts = null)),
    async transform(code, id) {
      const bundle = /\.po\?(first|auth|rest|flows|signedInStart)\?lingui$/.exec(id)?.[1] as Bundle | undefined;
      if (!bundle) return null;
      return { code: keepPart(code, bundle, await (parts ??= readParts()), id), map: null };
    },
  };
}
