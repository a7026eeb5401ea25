// The catalog's fixed tables: categories, brands, collections and bundles.
import type { BrandRow, LeafCategory } from './catalog-record.ts';
import { itemImages } from './part-images.ts';
import { BRANDS, CATALOG } from './part-types.ts';
import type { Random } from './random.ts';
import { slugify } from './vehicle-tree.ts';

export type Row = Record<string, string | number | null>;
export type Tables = Record<string, Row[]>;

/** A FRONT and a BACK category per top category and per part; returns the BACK leaves items go in. */
export function categories(tables: Tables): LeafCategory[] {
  const leaves: LeafCategory[] = [];
  let id = 1;
  const push = (kind: string, row: Omit<Row, 'kind'>) => tables.category!.push({ ...row, kind });
  CATALOG.forEach((top, topIndex) => {
    const backTop = id++;
    const frontTop = id++;
    const topRow = { name: top.name, handle: top.handle, depth: 1, sort: topIndex, parent_id: null };
    const image = itemImages(top.parts[0]!.handle, top.name)[0]!.url;
    push('BACK', { id: backTop, ...topRow, image_url: image });
    push('FRONT', { id: frontTop, ...topRow, image_url: image });
    tables.front_back_category!.push({ front_id: frontTop, back_id: backTop });
    top.parts.forEach((part, partIndex) => {
      const back = id++;
      const front = id++;
      const row = { name: part.name, handle: part.handle, depth: 2, sort: partIndex };
      const partImage = itemImages(part.handle, part.name)[0]!.url;
      push('BACK', { id: back, parent_id: backTop, ...row, image_url: partImage });
      push('FRONT', { id: front, parent_id: frontTop, ...row, image_url: partImage });
      tables.front_back_category!.push({ front_id: front, back_id: back });
      leaves.push({ id: back, part, top });
    });
  });
  return leaves;
}

/** The brand rows; the first eight show on the home page. */
export function brands(tables: Tables): BrandRow[] {
  return BRANDS.map((brand, i) => {
    const logo = `/static/brands/${slugify(brand.name)}.svg`;
    tables.brand!.push({
      id: i + 1,
      name: brand.name,
      logo_url: logo,
      abbreviation: brand.abbreviation,
      active: 1,
      brand_logo_url: logo,
      shop_id: 1,
      show_on_brand_agg_page: 1,
      show_on_home_page: i < 8 ? 1 : 0,
      sort_on_home_page: i < 8 ? i + 1 : null,
      landing_page_url: `/search?brand=${i + 1}`,
      self_brand: 'self' in brand && brand.self ? 1 : 0,
    });
    return { id: i + 1, name: brand.name, brand };
  });
}

/** The demo collections and buy-together bundles. */
export function collectionsAndBundles(random: Random, tables: Tables, itemCount: number): void {
  const collections = [
    ['Winter Ready', 'winter-ready', 'Batteries, wipers, lighting and mats for the cold months.'],
    ['Brake Job Essentials', 'brake-job-essentials', 'Pads, rotors, calipers and fluid for a complete brake job.'],
    ['Lighting Upgrades', 'lighting-upgrades', 'Brighter headlights, bulbs and light bars.'],
    ['Under $25', 'under-25', 'Small parts and accessories under twenty-five dollars.'],
  ] as const;
  collections.forEach(([name, handle, description], i) => {
    tables.collection!.push({ id: i + 1, parent_id: null, name, handle, description, image_url: null, sort: i });
    const picks = new Set<number>();
    for (let n = 0; n < Math.min(40, itemCount); n++) picks.add(random.int(1, itemCount));
    [...picks].forEach((itemId, sort) => {
      tables.collection_item!.push({ collection_id: i + 1, item_id: itemId, sort });
    });
  });
  const skus = tables.sku!;
  for (let b = 1; b <= Math.min(20, Math.floor(itemCount / 10)); b++) {
    const first = random.pick(skus);
    const second = random.pick(skus);
    if (first.id === second.id) continue;
    const percent = random.pick([5, 10, 15]);
    tables.bundle!.push({
      id: b,
      name: `Buy together and save ${percent}%`,
      handle: `bundle-${b}`,
      discount_percent: percent,
      active: 1,
    });
    tables.bundle_item!.push(
      { bundle_id: b, sku_id: first.id as number, quantity: 1 },
      { bundle_id: b, sku_id: second.id as number, quantity: 1 },
    );
  }
}
