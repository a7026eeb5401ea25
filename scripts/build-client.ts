// Builds the browser bundle: hashed, long-cached files under dist/client/assets, and the
// manifest the Worker reads to link them (worker/generated/client-manifest.json).
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { copyFile, cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { assetHeadersFile } from './lib/asset-headers.ts';
import { compileMessages } from './lib/i18n-compile.ts';
import { languagePlugin } from './lib/language-plugin.ts';

await compileMessages();

const outdir = 'dist/client/assets';
await rm('dist/client', { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

const options = {
  entryPoints: ['client/entry.ts', 'client/styles/app.css'],
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  target: ['es2022', 'chrome100', 'safari15'],
  jsx: 'automatic',
  outdir,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  metafile: true as const,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  // Islands are written against React's API (the server renders them with React); in the browser they run on
  // Preact's compatible runtime, about 11 KB gzipped against React DOM's 60: on a phone, React DOM's start-up was
  // most of the page's blocking time. Hydration keeps the server's attributes and attaches the handlers.
  alias: {
    react: 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react-dom': 'preact/compat',
    'react/jsx-runtime': 'preact/jsx-runtime',
  },
} satisfies BuildOptions;

/**
 * esbuild's code splitting puts a module in one chunk per set of entry points that reach it, and
 * every `import()` is an entry point: with the island groups and the few modules islands import
 * lazily, what the entry script loads would be cut into a dozen small chunks. So each `import()`
 * of a client module loads a small wrapper instead, which imports the registry (so the shell,
 * React and the shared state) and re-exports the module: then all of that is reached by every
 * entry point and lands in one chunk, the kernel. (The wrapper, not the module, imports the
 * registry: the module itself may be part of the kernel, and a cycle would change the order
 * modules run in.) The code that three or more groups share (form parts, money, regions) is
 * made part of the kernel too, by the registry importing it.
 */
function kernelPlugin(sharedModules: string[]): Plugin {
  return {
    name: 'kernel',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^\./ }, async ({ path, kind, importer, resolveDir }) => {
        if (kind !== 'dynamic-import' || !importer.startsWith(CLIENT)) return undefined;
        const resolved = await esbuild.resolve(path, { kind: 'import-statement', importer, resolveDir });
        return { path: resolved.path, namespace: LAZY };
      });
      esbuild.onLoad({ filter: /.*/, namespace: LAZY }, async ({ path }) => {
        const module = JSON.stringify(path);
        const hasDefault = /^export default /m.test(await readFile(path, 'utf8'));
        const lines = [`import ${JSON.stringify(REGISTRY)};`, `export * from ${module};`];
        if (hasDefault) lines.push(`export { default } from ${module};`);
        return { contents: lines.join('\n'), loader: 'ts', resolveDir: dirname(path) };
      });
      esbuild.onLoad({ filter: /[\\/]client[\\/]islands[\\/]registry\.ts$/ }, async ({ path }) => {
        const added = sharedModules.map((module) => `import ${JSON.stringify(module)};`).join('\n');
        return { contents: `${await readFile(path, 'utf8')}\n${added}\n`, loader: 'ts' };
      });
    },
  };
}

const CLIENT = resolve('client');
const REGISTRY = resolve('client/islands/registry.ts');
const LAZY = 'lazy';
/** A chunk that this many groups import joins the kernel. */
const SHARED_BY = 3;
/** A group module or an island in a chunk of its own, as the metafile names the wrapper loading it. */
const GROUP = /^lazy:.*\/client\/islands\/groups\/\w+\.ts$/;
const SINGLE = /^lazy:.*\/client\/islands\/(\w+)\.tsx$/;

// A pass that writes nothing finds the chunks three groups share.
const { metafile: firstMeta } = await build({
  ...options,
  write: false,
  plugins: [languagePlugin('en'), kernelPlugin([])],
});
const groupImports = Object.values(firstMeta.outputs)
  .filter((output) => GROUP.test(output.entryPoint ?? ''))
  .flatMap((output) => output.imports.map((i) => i.path));
const sharedModules = Object.entries(firstMeta.outputs)
  .filter(([file, output]) => !output.entryPoint && groupImports.filter((path) => path === file).length >= SHARED_BY)
  .flatMap(([, output]) => Object.keys(output.inputs))
  .filter((input) => input.startsWith('client/') || input.startsWith('shared/'))
  .map((input) => resolve(input));
const publicPath = (file: string) => `/${file.replace(/^dist\/client\//, '')}`;

/** The scripts an output needs: itself and, transitively, what it imports statically. */
function closure(meta: Metafile, file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const imports = meta.outputs[file]?.imports ?? [];
  return [file, ...imports.filter((i) => i.kind === 'import-statement').flatMap((i) => closure(meta, i.path, seen))];
}

/** One language's scripts: the entry, the chunks it imports, and each island's further scripts. */
interface PageScripts {
  entry: string;
  entryChunks: string[];
  islands: Record<string, string[]>;
}

/** Builds one language's bundle (the English build also writes the stylesheet) and lists its scripts. */
async function buildLanguage(locale: string): Promise<PageScripts & { css?: string }> {
  const entryPoints = locale === 'en' ? options.entryPoints : ['client/entry.ts'];
  const result = await build({
    ...options,
    entryPoints,
    plugins: [languagePlugin(locale), kernelPlugin(sharedModules)],
  });
  const outputs = Object.entries(result.metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === 'client/entry.ts')?.[0];
  const css = outputs.find(([file]) => file.endsWith('.css'))?.[0];
  if (!entry) throw new Error(`the ${locale} client build produced no entry script`);
  const entryScripts = closure(result.metafile, entry);
  /**
   * Island name -> the scripts to preload when it hydrates at load: its group module (or its own
   * chunk) and what that imports, less what the entry script loads anyway. Islands inside the
   * entry script need nothing more.
   */
  const islands: Record<string, string[]> = {};
  for (const [file, output] of outputs) {
    const group = GROUP.test(output.entryPoint ?? '');
    const single = output.entryPoint?.match(SINGLE)?.[1];
    const names = group ? output.exports : single ? [single] : [];
    const scripts = closure(result.metafile, file).filter((script) => !entryScripts.includes(script));
    for (const name of names) islands[name] = scripts.map(publicPath);
  }
  return {
    entry: publicPath(entry),
    entryChunks: entryScripts.slice(1).map(publicPath),
    islands,
    ...(css && { css: publicPath(css) }),
  };
}

const { css, ...english } = await buildLanguage('en');
const french = await buildLanguage('fr');
if (!css) throw new Error('the client build produced no stylesheet');

/**
 * The images under client/static, also copied under /assets/static with their content's hash in
 * the name, so a page that links the hashed name lets browsers keep it for a year:
 * '/static/favicon.svg' -> '/assets/static/favicon-1A2B3C4D.svg'. Pages and island data link the
 * hashed names (staticAsset); the plain names stay served with a day's caching, since the catalog
 * and content store them and a saved cart or an old page falls back to them (client/image-retry.ts).
 */
async function hashStaticFiles(): Promise<Record<string, string>> {
  const hashed: Record<string, string> = {};
  for (const file of await readdir('client/static', { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const source = join(file.parentPath, file.name);
    const path = relative('client/static', source).split(sep).join('/');
    const hash = createHash('sha256')
      .update(await readFile(source))
      .digest('hex')
      .slice(0, 8)
      .toUpperCase();
    const name = path.replace(/(\.\w+)?$/, (ext) => `-${hash}${ext}`);
    await mkdir(dirname(`dist/client/assets/static/${name}`), { recursive: true });
    await copyFile(source, `dist/client/assets/static/${name}`);
    hashed[`/static/${path}`] = `/assets/static/${name}`;
  }
  return hashed;
}

const manifest = {
  buildId: process.env.BUILD_ID ?? randomBytes(4).toString('hex'),
  buildTime: new Date().toISOString(),
  css,
  scripts: { en: english, fr: french },
  static: await hashStaticFiles(),
};
await mkdir('worker/generated', { recursive: true });
await writeFile('worker/generated/client-manifest.json', JSON.stringify(manifest, null, 2));
await cp('client/static', 'dist/client/static', { recursive: true });
// Where a page links no icon (an image or a JSON answer opened on its own), browsers ask for /favicon.ico.
await copyFile('client/static/favicon.ico', 'dist/client/favicon.ico');
// The files served before the Worker runs: security headers on all, hashed names cached for a year.
await writeFile('dist/client/_headers', assetHeadersFile());
console.log(
  `client built: ${Object.keys(english.islands).length} islands, entry ${english.entry} (fr ${french.entry})`,
);
