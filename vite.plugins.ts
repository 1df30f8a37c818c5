import { minifySync, type Plugin } from 'vite';

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
/** The built files (scripts and stylesheets) of each of `firstScreens`, with what they import. */
export type FirstScreenFiles = Record<keyof typeof firstScreens, string[]>;

/**
 * The first screen's chunks and the language catalogue are lazy, so the browser would ask for them only
 * after the boot chunk has downloaded and run. This runs inline in index.html before any download (the
 * plugin below serialises it with the built file names): it adds <link rel="modulepreload"> for the
 * catalogue of the saved language and the chunks the path will show (stylesheets linked at once), so they
 * download in parallel with the boot chunk. The same guess as preloadFirstScreen in src/app/pages.ts (what
 * the app imports on start); signed-in screens also need the table of their importers
 * (src/app/signedInPages.ts). Not oidc-client-ts: a stored user is read without it. Self-contained: it runs
 * in the page from its text alone, so it uses nothing from outside its body.
 */
export function firstScreenPreloads(files: FirstScreenFiles): void {
  try {
    const storage = window.localStorage;
    const path = window.location.pathname.replace(/\/+$/, '') || '/';
    const userStored = Object.keys(storage).some((key) => key.startsWith('oidc.user:'));
    const ru = storage.getItem('selectedLanguage') === 'RUS';
    const wanted: string[][] = [];
    if (path.startsWith('/auth/')) {
      wanted.push(ru ? files.ru : files.en);
      // The welcome screens are in the boot chunk; the forms are the auth chunk, with their messages.
      if (!/^\/auth\/(login|signup|forgot-success)$/.test(path))
        wanted.push(files.auth, ru ? files.ruAuth : files.enAuth);
    } else if (userStored) wanted.push(files.signedIn, ru ? files.ruStart : files.enStart);
    else wanted.push(ru ? files.ru : files.en);
    for (const href of new Set(wanted.flat())) {
      const link = document.createElement('link');
      link.rel = href.endsWith('.css') ? 'stylesheet' : 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // No storage (a locked-down browser): the app asks for what it needs as it starts.
  }
}

/** The inline script: `firstScreenPreloads` called with the built files, minified. */
export const firstScreenScript = (files: FirstScreenFiles): string =>
  minifySync('first-screen.js', `(${firstScreenPreloads.toString()})(${JSON.stringify(files)});`).code.trim();

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
        const script = firstScreenScript(files as FirstScreenFiles);
        const head = inlineEntryStylesheet(entryScriptsFirst(html), bundle);
        return head.replace('</head>', `  <script>${script}</script>\n  </head>`);
      },
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
