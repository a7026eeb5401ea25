// Draws the catalog's product illustrations (one drawing per part type, in each gallery view) and the
// brand marks into client/static (and favicon.ico), so no image ever comes from another site. Deterministic: the same
// part types give the same bytes, and files no part type draws any more are removed.
//   npm run data:illustrations
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { brandMark } from './brand-marks.ts';
import { faviconIco } from './favicon-ico.ts';
import type { PartDrawing } from './drawing-kit.ts';
import { CABIN_DRAWINGS, FALLBACK_DRAWING } from './drawings-cabin.ts';
import { CHASSIS_DRAWINGS } from './drawings-chassis.ts';
import { ENGINE_DRAWINGS } from './drawings-engine.ts';
import { FINISH_ACCENTS, PART_VIEWS, finishImageUrl } from './part-images.ts';
import { BRANDS, CATALOG } from './part-types.ts';
import { partViewSvg } from './part-views.ts';
import { slugify } from './vehicle-tree.ts';

const PARTS_DIR = 'client/static/parts';
const DRAWINGS: Record<string, PartDrawing> = { ...CHASSIS_DRAWINGS, ...ENGINE_DRAWINGS, ...CABIN_DRAWINGS };

const PLACEHOLDER =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 270 270" width="270" height="270">' +
  '<rect width="270" height="270" fill="#eceff1"/>' +
  '<path d="M95 170 L125 130 L150 160 L165 145 L185 170 Z" fill="#b0bec5"/>' +
  '<circle cx="165" cy="110" r="12" fill="#b0bec5"/></svg>\n';

await mkdir(PARTS_DIR, { recursive: true });
await mkdir('client/static/brands', { recursive: true });
const written = new Set<string>(['placeholder.svg']);
const undrawn: string[] = [];
for (const top of CATALOG) {
  for (const part of top.parts) {
    const drawing = DRAWINGS[part.handle];
    if (!drawing) undrawn.push(part.handle);
    for (const view of PART_VIEWS) {
      const file = `${part.handle}-${view}.svg`;
      written.add(file);
      await writeFile(`${PARTS_DIR}/${file}`, partViewSvg(drawing ?? FALLBACK_DRAWING, top.color, part.name, view));
    }
    // A variant SKU in another finish (a black grille) shows its own front view.
    for (const [finish, accent] of Object.entries(FINISH_ACCENTS)) {
      const file = finishImageUrl(part.handle, finish).split('/').pop()!;
      written.add(file);
      await writeFile(`${PARTS_DIR}/${file}`, partViewSvg(drawing ?? FALLBACK_DRAWING, accent, part.name, 'front'));
    }
  }
}
await writeFile(`${PARTS_DIR}/placeholder.svg`, PLACEHOLDER);
for (const file of await readdir(PARTS_DIR))
  if (file.endsWith('.svg') && !written.has(file)) await rm(`${PARTS_DIR}/${file}`);
for (const [i, brand] of BRANDS.entries())
  await writeFile(`client/static/brands/${slugify(brand.name)}.svg`, brandMark(brand.name, brand.abbreviation, i));
await writeFile('client/static/favicon.ico', faviconIco());
console.log(`drew ${written.size - 1} part views, ${BRANDS.length} brand marks and favicon.ico`);
if (undrawn.length) console.warn(`no drawing yet (a generic part shows) for: ${undrawn.join(', ')}`);
