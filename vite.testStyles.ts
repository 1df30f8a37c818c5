import postcss, { type Root } from 'postcss';
import type { Plugin } from 'vite';

/**
 * What the app's tests read of a computed style: Testing Library's role queries and `isShown`
 * (tests/support/dom.ts) read `display` and `visibility`, user-event reads `pointer-events`. No app code
 * reads a computed style (a lint rule would be the place if one ever must).
 */
export const propertiesTestsRead = new Set(['display', 'visibility', 'pointer-events']);

/**
 * Keeps of a stylesheet only the declarations of `properties` (and its custom properties when one of those
 * reads a `var()`), and the rules and at-rules left holding one.
 */
export function keepProperties(root: Root, properties: ReadonlySet<string>): Root {
  const kept = (prop: string) => properties.has(prop.toLowerCase());
  // A kept value that reads a custom property needs the sheet's custom properties to compute.
  let readsVars = false;
  root.walkDecls((decl) => {
    if (kept(decl.prop) && decl.value.includes('var(')) readsVars = true;
  });
  root.walkDecls((decl) => {
    if (!kept(decl.prop) && !(readsVars && decl.prop.startsWith('--'))) decl.remove();
  });
  // Innermost first, so a media query whose rules all went is removed too.
  let removed = true;
  while (removed) {
    removed = false;
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes !== undefined && node.nodes.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
  return root;
}

/**
 * In the app's tests only: every stylesheet reaches jsdom with just the declarations the tests read. jsdom
 * computes a style by matching every rule of every sheet and parsing each matching declaration, on every
 * role query and every click, which made it a third of a flow file's CPU; what the tests see of display,
 * visibility and pointer-events is the same (`css: true` in vite.config.ts still applies the sheets).
 */
export function testStyles(): Plugin {
  return {
    name: 'wallet:test-styles',
    apply: (_config, env) => env.mode === 'test',
    transform(code, id) {
      if (!/\.css(?:$|\?)/.test(id)) return null;
      const root = keepProperties(postcss.parse(code, { from: id.split('?')[0] }), propertiesTestsRead);
      return { code: root.toString(), map: null };
    },
  };
}
