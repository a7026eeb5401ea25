// The browser bundle's messages (issue 37): each language's bundle is built against that language's
// compiled messages only, one module a message, so each message lands in the chunk of the code using it.
import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const I18N_GENERATED = resolve('shared/i18n/generated');
const MESSAGES_IMPORT = /^import \* as m from '[./]+(?:shared\/)?(?:i18n\/)?generated\/messages\.js';$/m;

/**
 * Builds the bundle for one language: the compiled messages' index (which picks a language at run
 * time and so holds every language) is replaced by that language's own messages, so an English page
 * ships no French string and a French page no English one. esbuild splits code by module, not by
 * export: with one module of messages, every message any island uses went into the chunk every page
 * loads (20 KB of English, 25 of French, mostly the words of the member, return and order islands).
 * So each message is a module of its own, and a module's `import * as m` of the messages becomes an
 * import of each message it uses: a page loads only the words of the code it loads.
 */
export function languagePlugin(locale: string): Plugin {
  const modules = messageModules(locale);
  return {
    name: 'language',
    setup(esbuild) {
      esbuild.onResolve({ filter: /[\\/]generated[\\/]messages\.js$/ }, () => ({
        path: locale,
        namespace: 'messages',
      }));
      esbuild.onResolve({ filter: /^message:/ }, ({ path }) => ({ path: path.slice(8), namespace: 'message' }));
      esbuild.onLoad({ filter: /[\\/](client|shared)[\\/].*\.tsx?$/, namespace: 'file' }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        const rewritten = withMessageImports(source);
        return rewritten === source ? undefined : { contents: rewritten, loader: path.endsWith('x') ? 'tsx' : 'ts' };
      });
      esbuild.onLoad({ filter: /.*/, namespace: 'messages' }, async () => ({
        contents: (await modules).index,
        loader: 'js',
      }));
      esbuild.onLoad({ filter: /.*/, namespace: 'message' }, async ({ path }) => {
        const message = (await modules).byKey.get(path);
        if (message === undefined) return { errors: [{ text: `no message "${path}" in the ${locale} catalogue` }] };
        return { contents: message, loader: 'js', resolveDir: join(I18N_GENERATED, 'messages') };
      });
    },
  };
}

/** A module's `import * as m` of the messages as one import a message it uses (every use is `m.name`). */
export function withMessageImports(source: string): string {
  if (!MESSAGES_IMPORT.test(source)) return source;
  const keys = [...new Set([...source.matchAll(/\bm\.(\w+)/g)].map((match) => match[1]!))];
  const imports = keys.map((key) => `import { ${key} as __m_${key} } from "message:${key}";`).join('');
  const object = `const m = { ${keys.map((key) => `${key}: __m_${key}`).join(', ')} };`;
  return source.replace(MESSAGES_IMPORT, `${imports}${object}`);
}

/** One language's compiled messages cut into a module a message, and an index re-exporting them all. */
async function messageModules(locale: string): Promise<{ index: string; byKey: Map<string, string> }> {
  const source = await readFile(join(I18N_GENERATED, 'messages', `${locale}.js`), 'utf8');
  const byKey = new Map<string, string>();
  for (const block of source.split(/^(?=export const )/m).slice(1)) {
    const key = block.match(/^export const (\w+)/)?.[1];
    if (!key) continue;
    const uses = block.includes('registry.') ? 'import * as registry from "../registry.js";\n' : '';
    byKey.set(key, uses + block);
  }
  const index = [...byKey.keys()].map((key) => `export { ${key} } from "message:${key}";`).join('\n');
  return { index, byKey };
}
