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
  welcome: '/src/features/auth/StaticScreens.tsx',
  auth: '/src/features/auth/index.ts',
  home: '/src/features/home/index.ts',
  nav: '/src/ui/BottomNav.tsx',
  oidc: '/node_modules/oidc-client-ts/',
};

/**
 * The first screen's chunks and the language catalogue are lazy, so the browser would ask for them only
 * after the boot chunk has downloaded and run. The start-up script of index.html already runs before any
 * download; given the built file names it adds <link rel="modulepreload"> for the catalogue of the saved
 * language and the chunk the path will show (the same guess as preloadFirstScreen in src/app/pages.ts),
 * so they download in parallel with the boot chunk.
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
        const script = `(function(m){try{var s=localStorage,p=location.pathname.replace(/\\/+$/,'')||'/',u=Object.keys(s).some(function(k){return k.indexOf('oidc.user:')===0}),r=s.getItem('selectedLanguage')==='RUS',w=[m[r?'ru':'en']];if(/^\\/auth\\/(login|signup|forgot-success)$/.test(p))w.push(m.welcome);else if(p.indexOf('/auth/')===0)w.push(m.auth);else if(!u)w.push(m.welcome);else{w.push(m.oidc,m.nav,m[r?'ruRest':'enRest']);if(p==='/'||p==='/home')w.push(m.home)}w.forEach(function(f){f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)})})}catch(e){}})(${JSON.stringify(files)})`;
        return html.replace('</head>', `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}

/** Messages used outside these folders (sign-in, errors, the app frame, shared UI) belong to the first part. */
const signedInOnly = /^src\/features\/(home|asset|assets|send|addressBook|protection|settings|soon|passcode|scanner)\//;

/**
 * The catalogue in two parts, so the sign-in screens do not download the wallet's messages:
 * `messages.po?first?lingui` holds every message used anywhere but the signed-in features, and
 * `messages.po?rest?lingui` the others (src/i18n/index.ts loads it before the signed-in area renders).
 * The Lingui plugin compiles the whole catalogue for both ids (its filter ends in `?lingui`); this keeps
 * each part's messages, picked by the origins the .po file records.
 */
export function catalogueParts(): Plugin {
  let firstIds: Promise<Set<string>> | null = null;
  async function readFirstIds() {
    const { getConfig } = await import('@lingui/conf');
    const { getCatalogs } = await import('@lingui/cli/api');
    const [catalog] = await getCatalogs(getConfig());
    const messages = (await catalog!.read('en')) ?? {};
    return new Set(
      Object.entries(messages)
        .filter(([, entry]) => (entry.origin ?? []).some(([file]) => !signedInOnly.test(file)))
        .map(([id]) => id),
    );
  }
  return {
    name: 'wallet:catalogue-parts',
    enforce: 'post',
    buildStart: () => void (firstIds = null),
    watchChange: (id) => void (id.endsWith('.po') && (firstIds = null)),
    async transform(code, id) {
      const part = /\.po\?(first|rest)\?lingui$/.exec(id)?.[1];
      if (!part) return null;
      const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\)/.exec(code)?.[1];
      if (!literal) throw new Error(`catalogue-parts: no compiled messages in ${id}`);
      const { runInNewContext } = await import('node:vm');
      const all = JSON.parse(runInNewContext(literal) as string) as Record<string, unknown>;
      const first = await (firstIds ??= readFirstIds());
      const kept = Object.fromEntries(Object.entries(all).filter(([key]) => first.has(key) === (part === 'first')));
      return { code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(kept))});`, map: null };
    },
  };
}
