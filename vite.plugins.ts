import type { Plugin } from 'vite';

/**
 * Everything the entry imports statically goes into one "boot" chunk. Left alone, rolldown splits the
 * entry's graph into some twenty shared chunks (whatever a lazy screen also imports), and on a mobile
 * link each extra request costs a round trip and compresses worse. Lazy screens keep their own chunks.
 */
export const bootModules = new Set<string>();
const welcomeScreens = '/src/features/auth/StaticScreens.tsx';

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Every module `roots` import statically, all the way down, but not those in `outside`. lucide-react's
 * index re-exports every icon: followed, it would put every icon any lazy screen uses into the chunk
 * being built. The icons a chunk really renders reach it through the bundler anyway.
 */
function staticClosure(graph: ModuleGraph, roots: string[], outside: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || outside.has(id) || id.includes('/node_modules/lucide-react/')) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function bootChunk(): Plugin {
  return {
    name: 'wallet:boot-chunk',
    apply: 'build',
    buildStart: () => bootModules.clear(),
    buildEnd() {
      // The sign-in welcome screens too: they are what a signed-out start paints, and as a lazy chunk
      // they cost /auth/login two more requests (the screen and what it shares with the signed-in part).
      const roots = [...this.getModuleIds()].filter(
        (id) => this.getModuleInfo(id)?.isEntry || id.endsWith(welcomeScreens),
      );
      staticClosure(this, roots).forEach((id) => bootModules.add(id));
    },
  };
}

/**
 * What signed-in /home needs beyond the boot chunk (the signed-in services, the page table, the frame and
 * Home, with everything they import statically), as one "signed-in" chunk; what those share with the
 * sign-in forms (under 0.5 kB) goes into the boot chunk rather than a request of its own. Left to rolldown, /home loaded some forty chunks of about 1 kB:
 * a phone's browser opens six connections to one origin, so each of them queued for a round trip of its own
 * (Lighthouse's mobile simulation put /home's LCP at 3.4 s for that alone). Lazy screens keep their chunks;
 * icons are left to the bundler for the reason bootChunk gives.
 */
export const signedInModules = new Set<string>();
export const sharedUiModules = new Set<string>();
const signedInEntries = ['/src/app/signedInPart.ts'];
const signedOutEntries = ['/src/features/auth/index.ts'];
export function signedInChunk(): Plugin {
  return {
    name: 'wallet:signed-in-chunk',
    apply: 'build',
    buildStart: () => {
      signedInModules.clear();
      sharedUiModules.clear();
    },
    buildEnd() {
      const roots = (suffixes: string[]) =>
        [...this.getModuleIds()].filter((id) => suffixes.some((s) => id.endsWith(s)));
      const signedOut = staticClosure(this, roots(signedOutEntries), bootModules);
      for (const id of staticClosure(this, roots(signedInEntries), bootModules))
        (signedOut.has(id) ? sharedUiModules : signedInModules).add(id);
    },
  };
}

/** Lazy chunks worth fetching with the HTML, by the module that starts them. */
const firstScreens = {
  en: '/locales/en/messages.po?first',
  ru: '/locales/ru/messages.po?first',
  enStart: '/locales/en/messages.po?signedInStart',
  ruStart: '/locales/ru/messages.po?signedInStart',
  enAuth: '/locales/en/messages.po?auth',
  ruAuth: '/locales/ru/messages.po?auth',
  auth: '/src/features/auth/index.ts',
  signedIn: '/src/app/signedInPart.ts',
};

/**
 * The first screen's chunks and the language catalogue are lazy, so the browser would ask for them only
 * after the boot chunk has downloaded and run. The start-up script of index.html already runs before any
 * download; given the built file names it adds <link rel="modulepreload"> for the catalogue of the saved
 * language and the chunk the path will show (the same guess as preloadFirstScreen in src/app/pages.ts; signed-in
 * screens also need the table of their importers, src/app/signedInPages.ts),
 * so they download in parallel with the boot chunk (their stylesheets are linked at once). Not oidc-client-ts: a stored user is read without it.
 */
/**
 * The entry's module scripts ahead of the inline scripts, the boot chunk first: requested as the head is
 * parsed, they wait on no script's run (module scripts run after parsing anyway), so the boot chunk is
 * the first request after the document rather than queued behind the first screen's preloads. The
 * runtime it imports is requested as soon as it is seen either way.
 */
function entryScriptsFirst(html: string): string {
  const tags = (html.match(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/g) ?? []).sort(
    (a, b) => Number(b.includes('/boot-')) - Number(a.includes('/boot-')),
  );
  let out = html;
  for (const tag of tags) out = out.replace(tag, '');
  return out.replace(/(\s*)<script>/, (_, space: string) => `${tags.join('')}${space}<script>`);
}

/**
 * The entry's stylesheet inline (about 2 kB compressed): as a request it took the document's open
 * connection, and on a phone's six connections the boot chunk then waited for a second one.
 */
function inlineEntryStylesheet(html: string, bundle: Record<string, { type: string; source?: unknown }>): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (tag, file: string) => {
    const css = bundle[file];
    return css?.type === 'asset' && typeof css.source === 'string' ? `<style>${css.source}</style>` : tag;
  });
}

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
            // A module the bundler merged into a group chunk has no chunk of its own: then the one holding it.
            const chunk =
              chunks.find((c) => c.isDynamicEntry && (c.facadeModuleId ?? '').includes(suffix)) ??
              chunks.find((c) => c.moduleIds.some((id) => id.endsWith(suffix)));
            if (!chunk) throw new Error(`first-screen-preload: no chunk for ${suffix}`);
            // With its static imports all the way down (the signed-in chunk imports the shared-ui one).
            const files = new Set<string>();
            const visit = (fileName: string) => {
              if (files.has(fileName) || boot.has(fileName)) return;
              files.add(fileName);
              const found = chunks.find((c) => c.fileName === fileName);
              // Its styles too: Vite holds a lazy chunk back until its CSS has loaded, and asked for only then
              // they cost /home a round trip after the scripts.
              found?.viteMetadata?.importedCss.forEach((css) => files.add(css));
              found?.imports.forEach(visit);
            };
            visit(chunk.fileName);
            return [key, [...files].map((f) => `/${f}`)];
          }),
        );
        const script = `(function(m){try{var s=localStorage,p=location.pathname.replace(/\\/+$/,'')||'/',u=Object.keys(s).some(function(k){return k.indexOf('oidc.user:')===0}),r=s.getItem('selectedLanguage')==='RUS',d={},w=[];if(p.indexOf('/auth/')===0){w.push(m[r?'ru':'en']);if(!/^\\/auth\\/(login|signup|forgot-success)$/.test(p))w.push(m.auth,m[r?'ruAuth':'enAuth'])}else if(u)w.push(m.signedIn,m[r?'ruStart':'enStart']);else w.push(m[r?'ru':'en']);w.forEach(function(f){f.forEach(function(h){if(d[h])return;d[h]=1;var l=document.createElement('link');l.rel=/\\.css$/.test(h)?'stylesheet':'modulepreload';l.href=h;document.head.appendChild(l)})})}catch(e){}})(${JSON.stringify(files)})`;
        const head = inlineEntryStylesheet(entryScriptsFirst(html), bundle);
        return head.replace('</head>', `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}

/**
 * Messages used outside these folders and files (sign-in, errors, the app frame, shared UI) belong to the
 * first part. The bottom navigation, the passcode keypad and the asset picker are shared UI only signed-in screens show;
 * the offline banner and the money screens' offline hold are the signed-in frame's, and only a signed-in
 * user's language or currency is saved at the gateway (the preference notices).
 */
const signedInOnly =
  /^src\/(features\/(home|asset|history|assets|send|addressBook|protection|settings|soon|passcode|scanner|buy|sell|swap|receive)\/|features\/shell\/(OfflineBanner|moneyHold)\.tsx$|features\/shell\/preferenceNotices\.ts$|ui\/(BottomNav|PinPad|QuoteDetails|AssetPicker)\.tsx$)/;
/** Messages used only by these flows' screens belong to the third part, loaded with their page chunks. */
const flowsOnly =
  /^src\/(features\/(history|send|addressBook|settings|passcode|scanner|buy|sell|swap)\/|features\/shell\/moneyHold\.tsx$|ui\/QuoteDetails\.tsx$)/;
/**
 * Messages used only by these files of the auth form screens (the `features/auth` chunk, not the login
 * and sign-up choice in StaticScreens.tsx nor the boot chunk's auth services) belong to the auth part,
 * loaded with that chunk. Named one by one: a new file's messages stay in the first part until listed.
 */
const authFormsOnly =
  /^src\/features\/auth\/(AuthForm|CheckMailScreen|ConfirmScreen|EmailField|ForgotScreen|ForgotSuccessScreen|LoginEmailScreen|ResetScreen|SignupEmailScreen|messages|wiring|pages)\.tsx?$/;

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
      const part = /\.po\?(first|auth|rest|flows|signedInStart)\?lingui$/.exec(id)?.[1] as
        | Part
        | 'signedInStart'
        | undefined;
      if (!part) return null;
      const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\)/.exec(code)?.[1];
      if (!literal) throw new Error(`catalogue-parts: no compiled messages in ${id}`);
      const { runInNewContext } = await import('node:vm');
      const all = JSON.parse(runInNewContext(literal) as string) as Record<string, unknown>;
      const partOf = await (parts ??= readParts());
      // A message the .po does not know yet (a dev server ahead of extraction) stays in the first part.
      // signedInStart: the first and signed-in parts together, what a returning user's start loads.
      const wantedIn = (p: Part) => (part === 'signedInStart' ? p === 'first' || p === 'rest' : p === part);
      const kept = Object.fromEntries(Object.entries(all).filter(([key]) => wantedIn(partOf.get(key) ?? 'first')));
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

/**
 * Vite's helper for a lazy chunk's dependencies, written smaller (0.3 kB gzip of the boot chunk): the same
 * steps (each stylesheet awaited, each script preloaded, none asked for twice nor when the page already links
 * it, a failure reported as `vite:preloadError` before the import runs) without what this app does not use:
 * a CSP nonce (index.html has none) and a base other than `/`. Vite's own is kept if its id ever changes.
 */
const preloadHelper = `const seen = {};
let linked;
const scriptRel = document.createElement('link').relList?.supports?.('modulepreload') ? 'modulepreload' : 'preload';
const report = (error) => {
  const event = new Event('vite:preloadError', { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
};
const preloadOnce = (dep) => {
  const url = new URL('/' + dep, import.meta.url);
  const { href } = url;
  if (href in seen) return seen[href];
  const css = url.pathname.endsWith('.css');
  linked ??= [...document.getElementsByTagName('link')];
  if (linked.some((link) => link.href === href && (!css || link.rel === 'stylesheet'))) return (seen[href] = undefined);
  const link = Object.assign(document.createElement('link'), { rel: css ? 'stylesheet' : scriptRel, crossOrigin: '', href });
  if (!css) link.as = 'script';
  document.head.appendChild(link);
  if (!css) return (seen[href] = undefined);
  return (seen[href] = new Promise((resolve, reject) => {
    link.onload = resolve;
    link.onerror = () => reject(new Error('Unable to preload CSS for ' + url));
  }).then(
    () => void (seen[href] = undefined),
    (error) => {
      seen[href] = undefined;
      throw error;
    },
  ));
};
export const __vitePreload = (load, deps) =>
  Promise.all((deps ?? []).map((dep) => preloadOnce(dep)?.then(() => undefined, (error) => ({ error })))).then((failed) => {
    for (const failure of failed) if (failure) report(failure.error);
    return load().catch(report);
  });
`;
export function smallPreloadHelper(): Plugin {
  return {
    name: 'wallet:small-preload-helper',
    apply: 'build',
    transform(code, id) {
      if (id !== '\0vite/preload-helper.js') return null;
      if (!code.includes('export const __vitePreload'))
        throw new Error('small-preload-helper: Vite changed its helper');
      return { code: preloadHelper, map: null };
    },
  };
}
