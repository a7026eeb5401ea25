import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog, type GeneratedCatalog } from '../../scripts/data/catalog-gen.ts';
import { buildVehicleTree, readVehicleExtract, type VehicleTree } from '../../scripts/data/vehicle-tree.ts';
import { CATALOG_TABLES, catalogStatements } from '../../scripts/data/catalog-sql.ts';
import { partImageUrl } from '../../scripts/data/part-images.ts';
import { BRANDS, CATALOG } from '../../scripts/data/part-types.ts';

const run = promisify(execFile);
let tree: VehicleTree;
let catalog: GeneratedCatalog;

const digest = (value: GeneratedCatalog) => createHash('sha256').update(JSON.stringify(value.tables)).digest('hex');

beforeAll(async () => {
  const { extract, wmi } = await readVehicleExtract();
  tree = buildVehicleTree(extract, wmi);
  catalog = generateCatalog(tree, 2000, 11);
});

describe('vehicles from vPIC', () => {
  it('covers the real makes and models sold in the US and Canada, 1990 to 2027', () => {
    const makes = tree.makes.map((make) => make.name);
    for (const make of [
      'Chevrolet',
      'Ford',
      'GMC',
      'Dodge',
      'Toyota',
      'Honda',
      'Ram',
      'Jeep',
      'Subaru',
      'Tesla',
      'Pontiac',
      'Saturn',
    ])
      expect(makes).toContain(make);
    const years = tree.nodes.filter((node) => node.level === 1).map((node) => node.year);
    expect(Math.min(...years)).toBe(1990);
    expect(Math.max(...years)).toBeGreaterThanOrEqual(2026);
    const civic = tree.models.find((model) => model.name === 'Civic');
    expect(tree.modelYears.get(civic!.id)!.length).toBeGreaterThan(25);
  });

  it('gives the same node ids for the same data', async () => {
    const { extract, wmi } = await readVehicleExtract();
    const again = buildVehicleTree(extract, wmi);
    expect(again.nodes.length).toBe(tree.nodes.length);
    expect(again.nodes[12345]).toEqual(tree.nodes[12345]);
  });
});

describe('catalog generator', () => {
  it('is deterministic: same seed, same catalog; another seed, another catalog', () => {
    expect(digest(generateCatalog(tree, 2000, 11))).toBe(digest(catalog));
    expect(digest(generateCatalog(tree, 2000, 12))).not.toBe(digest(catalog));
  });

  it('makes believable items: both currencies, stock states, markets, media, handles', () => {
    const items = catalog.tables.item!;
    expect(items).toHaveLength(2000);
    const statuses = new Set(items.map((item) => item.status));
    for (const status of ['ON_SHELVES', 'SOLD_OUT', 'UNDER_STOCK']) expect(statuses).toContain(status);
    expect(items.some((item) => item.status === 'ON_SHELVES' && item.ca_status === 'OFF_SHELVES')).toBe(true);
    const prices = catalog.tables.sku_price!;
    expect(new Set(prices.map((price) => price.currency))).toEqual(new Set(['USD', 'CAD']));
    expect(
      prices.every(
        (price) =>
          Number.isInteger(price.discount_price) &&
          (price.original_price as number) >= (price.discount_price as number),
      ),
    ).toBe(true);
    const imagesPerItem = new Map<unknown, number>();
    for (const image of catalog.tables.item_image!)
      imagesPerItem.set(image.item_id, (imagesPerItem.get(image.item_id) ?? 0) + 1);
    expect(Math.min(...imagesPerItem.values())).toBeGreaterThanOrEqual(2);
    expect(catalog.tables.item_image!.every((image) => String(image.url).startsWith('/static/parts/'))).toBe(true);
    const partNumbers = catalog.tables.sku!.map((sku) => sku.part_number);
    expect(new Set(partNumbers).size).toBe(partNumbers.length);
    const handles = catalog.tables.seo!.map((seo) => seo.url_handle);
    expect(new Set(handles).size).toBe(handles.length);
    expect(catalog.tables.item_video!.length).toBeGreaterThan(0);
    expect(catalog.tables.review!.length).toBeGreaterThan(1000);
    expect(catalog.tables.item_faq!.length).toBeGreaterThan(500);
  });

  it('fits parts the way real data does: model years, trims, engines, universal and non-vehicle', () => {
    const levels = new Set(catalog.tables.fitment!.map((row) => row.node_level));
    expect(levels).toEqual(new Set([3, 4, 5]));
    const items = catalog.tables.item!;
    // 2,000 items are mostly the coverage plan's (every popular model year's maintenance parts).
    expect(items.filter((item) => item.vehicle_universal === 1).length).toBeGreaterThan(20);
    expect(items.filter((item) => item.non_vehicle === 1).length).toBeGreaterThan(5);
    const fitted = new Set(catalog.tables.fitment!.map((row) => row.item_id));
    for (const item of items) {
      if (item.vehicle_universal === 1 || item.non_vehicle === 1) expect(fitted.has(item.id)).toBe(false);
    }
    const nodes = new Map(tree.nodes.map((node) => [node.id, node]));
    for (const row of catalog.tables.fitment!.slice(0, 500)) {
      const node = nodes.get(row.node_id as number)!;
      expect(node.level).toBe(row.node_level);
      expect(node.modelNodeId).toBe(row.model_node_id);
    }
  });

  it('writes SQL that replaces every catalog table and marks the version last', () => {
    const statements = [...catalogStatements(tree, generateCatalog(tree, 20, 1), 'v-test')];
    expect(statements[0]).toContain("'loading'");
    for (const table of CATALOG_TABLES) expect(statements).toContain(`DELETE FROM ${table};`);
    expect(statements.at(-1)).toContain("'v-test'");
    expect(Math.max(...statements.map((statement) => Buffer.byteLength(statement)))).toBeLessThan(100_000);
  });
});

describe('product pictures', () => {
  it('shows every part type in a plain box printed with its name and no brand', async () => {
    const brandWords = BRANDS.map((brand) => brand.name.split(' ')[0]!.toLowerCase());
    for (const part of CATALOG.flatMap((top) => top.parts)) {
      const file = `client${partImageUrl(part.handle, 'box')}`;
      const svg = (await readFile(file, 'utf8')).toLowerCase();
      expect(svg, file).toContain(`>${part.name.toLowerCase().replaceAll('&', '&amp;')}</text>`);
      for (const word of brandWords) expect(svg, `${file}: ${word}`).not.toContain(word);
    }
  });
});

describe('data:catalog command line', () => {
  const cli = (...args: string[]) =>
    run(process.execPath, ['--experimental-strip-types', '--no-warnings', 'scripts/data/catalog.ts', ...args]);

  it('says what is wrong with a bad argument and exits non-zero', async () => {
    for (const args of [['--items', 'abc'], ['--items', '0'], ['--seed', '-3'], ['--bogus']]) {
      const failure = await cli(...args).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure, args.join(' ')).not.toBeNull();
      expect(failure!.code).toBe(2);
      expect(failure!.stderr).toMatch(/data:catalog: [\s\S]+\nusage: /);
    }
  });
});
