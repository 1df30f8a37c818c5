import type { Plugin } from 'vite';

/**
 * Everything the entry imports statically goes into one "boot" chunk. Left alone, rolldown splits the
 * entry's graph into some twenty shared chunks (whatever a lazy screen also imports), and on a mobile
 * link each extra request costs a round trip and compresses worse. Lazy screens keep their own chunks.
 */
export const bootModules = new Set<string>();
export function bootChunk(): Plugin {
  return {
    name: 'wallet:boot-chunk',
    apply: 'build',
    buildStart: () => bootModules.clear(),
    buildEnd() {
      const stack = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (bootModules.has(id)) continue;
        // lucide-react's index re-exports every icon: followed, it would put every icon any lazy screen
        // uses into the boot chunk. The icons boot really renders reach it through the bundler anyway.
        if (id.includes('/node_modules/lucide-react/')) continue;
        bootModules.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/** Lazy chunks worth fetching with the HTML, by the module that starts them. */
const firstScreens = {
  en: '/locales/en/messages.po?first',
  ru: '/locales/ru/messages.po?first',
  enRest: '/locales/en/messages.po?rest',
  ruRest: '/locales/ru/messages.po?rest',
  enAuth: '/locales/en/messages.po?auth',
  ruAuth: '/locales/ru/messages.po?auth',
  welcome: '/src/features/auth/StaticScreens.tsx',
  auth: '/src/features/auth/index.ts',
  home: '/src/features/home/index.ts',
  nav: '/src/features/shell/signedInFrame.tsx',
  idp: '/src/auth/identityProvider.ts',
  signedIn: '/src/app/liveSignedIn.ts',
  signedInPages: '/src/app/signedInPages.ts',
};

/**
 * The first screen's chunks and the language catalogue are lazy, so the browser would ask for them only
 * after the boot chunk has downloaded and run. The start-up script of index.html already runs before any
 * download; given the built file names it adds <link rel="modulepreload"> for the catalogue of the saved
 * language and the chunk the path will show (the same guess as preloadFirstScreen in src/app/pages.ts; signed-in
 * screens also need the table of their importers, src/app/signedInPages.ts),
 * so they download in parallel with the boot chunk. Not oidc-client-ts: a stored user is read without it.
 */
export function firstScreenPreload(): Plugin {
  return {
    name: 'wallet:first-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const boot = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
        const files = Object.fromEntries(
          Object.entries(firstScreens).map(([key, suffix]) => {
            const chunk = chunks.find((c) => c.isDynamicEntry && (c.facadeModuleId ?? '').includes(suffix));
            if (!chunk) throw new Error(`first-screen-preload: no chunk for ${suffix}`);
            return [key, [chunk.fileName, ...chunk.imports].filter((f) => !boot.has(f)).map((f) => `/${f}`)];
          }),
        );
        const script = `(function(m){try{var s=localStorage,p=location.pathname.replace(/\\/+$/,'')||'/',u=Object.keys(s).some(function(k){return k.indexOf('oidc.user:')===0}),r=s.getItem('selectedLanguage')==='RUS',w=[m[r?'ru':'en']];if(/^\\/auth\\/(login|signup|forgot-success)$/.test(p))w.push(m.welcome);else if(p.indexOf('/auth/')===0)w.push(m.auth,m[r?'ruAuth':'enAuth']);else if(!u)w.push(m.welcome);else{w.push(m.idp,m.signedIn,m.signedInPages,m.nav,m[r?'ruRest':'enRest']);if(p==='/'||p==='/home')w.push(m.home)}w.forEach(function(f){f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)})})}catch(e){}})(${JSON.stringify(files)})`;
        return html.replace('</head>', `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}

/**
 * Messages used outside these folders and files (sign-in, errors, the app frame, shared UI) belong to the
 * first part. The bottom navigation and the passcode keypad are shared UI only signed-in screens show;
 * the offline banner and the money screens' offline hold are the signed-in frame's.
 */
const signedInOnly = /^src\/(features\/(home|asset|history|assets|send|addressBook|protection|settings|soon|passcode|scanner|buy|sell|swap)\/|features\/shell\/(OfflineBanner|moneyHold)\.tsx$|ui\/(BottomNav|PinPad)\.tsx$)/;
/** Messages used only by these flows' screens belong to the third part, loaded with their page chunks. */
const flowsOnly = /^src\/(features\/(history|send|addressBook|settings|passcode|scanner|buy|sell|swap)\/|features\/shell\/moneyHold\.tsx$)/;
/**
 * Messages used only by these files of the auth form screens (the `features/auth` chunk, not the login
 * and sign-up choice in StaticScreens.tsx nor the boot chunk's auth services) belong to the auth part,
 * loaded with that chunk. Named one by one: a new file's messages stay in the first part until listed.
 */
const authFormsOnly = /^src\/features\/auth\/(AuthForm|CheckMailScreen|ConfirmScreen|EmailField|ForgotScreen|LoginEmailScreen|ResetScreen|SignupEmailScreen|messages|wiring|pages)\.tsx?$/;

type Part = 'first' | 'auth' | 'rest' | 'flows';

function partOfOrigins(files: string[]): Part {
  if (files.every((f) => authFormsOnly.test(f))) return 'auth';
  if (files.some((f) => !signedInOnly.test(f))) return 'first';
  return files.every((f) => flowsOnly.test(f)) ? 'flows' : 'rest';
}

/**
 * The catalogue in four parts, so a screen downloads only the messages it can show:
 * `messages.po?first?lingui` holds every message used anywhere but the signed-in features and the auth
 * forms, `messages.po?auth?lingui` those used only by the auth forms (src/app/pages.ts loads it with
 * their chunk), `messages.po?flows?lingui` those used only by the flows (send, swap, buy, sell, address book,
 * settings, passcode, scanner; src/app/pages.ts loads it with their chunks), and
 * `messages.po?rest?lingui` the other signed-in ones (Home, assets; loaded before the signed-in area renders).
 * The Lingui plugin compiles the whole catalogue for every id (its filter ends in `?lingui`); this keeps
 * each part's messages, picked by the origins the .po file records.
 */
export function catalogueParts(): Plugin {
  let parts: Promise<Map<string, Part>> | null = null;
  async function readParts() {
    const { getConfig } = await import('@lingui/conf');
    const { getCatalogs } = await import('@lingui/cli/api');
    const [catalog] = await getCatalogs(getConfig());
    const messages = (await catalog!.read('en')) ?? {};
    return new Map(
      Object.entries(messages).map(([id, entry]) => {
        const files = (entry.origin ?? []).map(([file]) => file);
        // A message no file uses any more (extraction keeps no origin) stays in the first part.
        return [id, files.length > 0 ? partOfOrigins(files) : 'first'];
      }),
    );
  }
  return {
    name: 'wallet:catalogue-parts',
    enforce: 'post',
    buildStart: () => void (parts = null),
    watchChange: (id) => void (id.endsWith('.po') && (parts = null)),
    async transform(code, id) {
      const part = /\.po\?(first|auth|rest|flows)\?lingui$/.exec(id)?.[1] as Part | undefined;
      if (!part) return null;
      const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\)/.exec(code)?.[1];
      if (!literal) throw new Error(`catalogue-parts: no compiled messages in ${id}`);
      const { runInNewContext } = await import('node:vm');
      const all = JSON.parse(runInNewContext(literal) as string) as Record<string, unknown>;
      const partOf = await (parts ??= readParts());
      // A message the .po does not know yet (a dev server ahead of extraction) stays in the first part.
      const kept = Object.fromEntries(Object.entries(all).filter(([key]) => (partOf.get(key) ?? 'first') === part));
      return { code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(kept))});`, map: null };
    },
  };
}

/**
 * The machines' `description` texts document their diagrams (docs/machines, from the sources); the built
 * app never reads them, so the build leaves them out (0.3 kB gzip of the boot chunk's session and
 * preferences machines alone). Each is a plain string literal (`description: '…'`), as the machines write it.
 */
export function stripMachineDescriptions(): Plugin {
  return {
    name: 'wallet:strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/machines\/[^/]+\.machine\.ts$/.test(id)) return null;
      return { code: code.replace(/\bdescription:\s*(?:'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"),?/g, ''), map: null };
    },
  };
}
