// Builds the browser bundle: hashed, long-cached files under dist/client/assets, and the
// manifest the Worker reads to link them (worker/generated/client-manifest.json).
import { build, type Metafile } from 'esbuild';
import { mkdir, rm, writeFile, cp } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';

const outdir = 'dist/client/assets';
await rm('dist/client', { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

const result = await build({
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
  metafile: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

const publicPath = (file: string) => `/${file.replace(/^dist\/client\//, '')}`;

/** The scripts an output needs: itself and, transitively, what it imports statically. */
function closure(meta: Metafile, file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const imports = meta.outputs[file]?.imports ?? [];
  return [file, ...imports.filter((i) => i.kind === 'import-statement').flatMap((i) => closure(meta, i.path, seen))];
}

const outputs = Object.entries(result.metafile.outputs);
const find = (entry: string) => outputs.find(([, o]) => o.entryPoint === entry)?.[0];
const entry = find('client/entry.ts');
const css = outputs.find(([file]) => file.endsWith('.css'))?.[0];
if (!entry || !css) throw new Error('the client build produced no entry script or stylesheet');

const islands: Record<string, string[]> = {};
for (const [file, output] of outputs) {
  const match = output.entryPoint?.match(/^client\/islands\/(\w+)\.tsx$/);
  if (match?.[1]) islands[match[1]] = closure(result.metafile, file).map(publicPath);
}

const manifest = {
  buildId: process.env.BUILD_ID ?? randomBytes(4).toString('hex'),
  buildTime: new Date().toISOString(),
  entry: publicPath(entry),
  css: publicPath(css),
  islands,
};
await mkdir('worker/generated', { recursive: true });
await writeFile('worker/generated/client-manifest.json', JSON.stringify(manifest, null, 2));
await cp('client/static', 'dist/client/static', { recursive: true });
// Hashed names never change content, so browsers may keep them for a year.
await writeFile(
  'dist/client/_headers',
  '/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n' +
    '/static/*\n  Cache-Control: public, max-age=86400\n',
);
console.log(`client built: ${Object.keys(islands).length} islands, entry ${manifest.entry}`);
