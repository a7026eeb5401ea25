// Writes the SQL that replaces the catalog (vehicles included) in one go.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { GeneratedCatalog, Row } from './catalog-gen.ts';
import { versionStatement } from '../lib/data-version.ts';
import { insertStatements } from './sql.ts';
import { vehicleMoveStatements } from './catalog-moves.ts';
import type { VehicleTree } from './vehicle-tree.ts';

/** Children before parents, so the deletes never trip a foreign key. */
export const CATALOG_TABLES = [
  'item_rank',
  'item_search',
  'item_faq',
  'review',
  'fitment',
  'seo',
  'item_video',
  'item_image',
  'sku_price',
  'bundle_item',
  'bundle',
  'sku',
  'item_customs',
  'collection_item',
  'collection',
  'item',
  'front_back_category',
  'category',
  'brand',
  'vehicle_wmi',
  'vehicle_node',
  'vehicle_model',
  'vehicle_make',
] as const;

export function vehicleRows(tree: VehicleTree): Record<string, Row[]> {
  return {
    vehicle_make: tree.makes.map((make) => ({ id: make.id, name: make.name, slug: make.slug })),
    vehicle_model: tree.models.map((model) => ({
      id: model.id,
      make_id: model.makeId,
      name: model.name,
      slug: model.slug,
    })),
    vehicle_node: tree.nodes.map((node) => ({
      id: node.id,
      level: node.level,
      parent_id: node.parentId,
      value: node.value,
      text: node.text,
      year: node.year,
      make_id: node.makeId,
      model_id: node.modelId,
      model_node_id: node.modelNodeId,
      fuel_type: node.fuelType,
      displacement: node.displacement,
      cylinders: node.cylinders,
    })),
    vehicle_wmi: tree.wmi.map(([wmi, makeId]) => ({ wmi, make_id: makeId })),
  };
}

/** The shop_meta key the loaded catalog's version is kept under. */
export const CATALOG_VERSION_KEY = 'catalog';

const marker = (value: string) => versionStatement(CATALOG_VERSION_KEY, value);

/** Empties the catalog tables; item_search_ranked is contentless, so FTS5's own command clears it. */
function* deleteCatalogStatements(): Generator<string> {
  yield "INSERT INTO item_search_ranked (item_search_ranked) VALUES ('delete-all');";
  for (const table of CATALOG_TABLES) yield `DELETE FROM ${table};`;
}

/**
 * Finishes the search indexes once item and item_search are loaded: merges item_search's many
 * insert segments into one (a scan of the matches reads half the pages), then rebuilds the
 * sales-ranked index of migration 0014, in rank order so FTS5 appends instead of merging. One
 * line each: the test fixture is run with D1's exec, which splits on newlines.
 */
export function* searchIndexStatements(): Generator<string> {
  yield "INSERT INTO item_search (item_search) VALUES ('optimize');";
  yield 'INSERT INTO item_rank (rank, item_id) SELECT row_number() OVER (ORDER BY sales DESC, id), id FROM item;';
  yield 'INSERT INTO item_search_ranked (rowid, title, part_numbers, brand, category) ' +
    'SELECT r.rank, s.title, s.part_numbers, s.brand, s.category ' +
    'FROM item_rank r JOIN item_search s ON s.rowid = r.item_id ORDER BY r.rank;';
  yield "INSERT INTO item_search_ranked (item_search_ranked) VALUES ('optimize');";
}

/** Empties the catalog and forgets its version: what a failed multi-file load is rolled back to. */
export function* clearCatalogStatements(): Generator<string> {
  yield* deleteCatalogStatements();
  yield `DELETE FROM shop_meta WHERE key = '${CATALOG_VERSION_KEY}';`;
}

/**
 * Every statement of a full catalog replacement. It marks the catalog as loading first and
 * writes the version last, so a load cut short is never taken for a finished one.
 */
export function* catalogStatements(tree: VehicleTree, catalog: GeneratedCatalog, version: string): Generator<string> {
  yield marker('loading');
  yield* deleteCatalogStatements();
  const vehicles = vehicleRows(tree);
  for (const table of ['vehicle_make', 'vehicle_model', 'vehicle_node', 'vehicle_wmi'])
    yield* insertStatements(table, vehicles[table]!);
  yield* vehicleMoveStatements(tree);
  const order = [
    'brand',
    'category',
    'front_back_category',
    'item',
    'item_customs',
    'sku',
    'sku_price',
    'item_image',
    'item_video',
    'seo',
    'fitment',
    'review',
    'item_faq',
    'collection',
    'collection_item',
    'bundle',
    'bundle_item',
    'item_search',
  ];
  for (const table of order) yield* insertStatements(table, catalog.tables[table] ?? []);
  yield* searchIndexStatements();
  yield marker(version);
}

/** Streams statements to a file; returns its size in bytes. */
export async function writeStatements(file: string, statements: Iterable<string>): Promise<number> {
  const [written] = await writeStatementFiles(file, statements, Number.POSITIVE_INFINITY);
  return written!.bytes;
}

/**
 * Streams statements into files of at most `maxBytes` each (`base`, `base.2`, ...): wrangler
 * reads a whole file into one string, and a string cannot pass 512 MB.
 */
export async function writeStatementFiles(
  base: string,
  statements: Iterable<string>,
  maxBytes: number,
): Promise<{ file: string; bytes: number }[]> {
  const files: { file: string; bytes: number }[] = [];
  let out: ReturnType<typeof createWriteStream> | null = null;
  const close = async () => {
    if (!out) return;
    out.end();
    await once(out, 'finish');
    out = null;
  };
  for (const statement of statements) {
    const current = files.at(-1);
    if (!out || (current!.bytes > 0 && current!.bytes + statement.length + 1 > maxBytes)) {
      await close();
      const file = files.length === 0 ? base : `${base}.${files.length + 1}`;
      files.push({ file, bytes: 0 });
      out = createWriteStream(file);
    }
    files.at(-1)!.bytes += statement.length + 1;
    if (!out!.write(`${statement}\n`)) await once(out!, 'drain');
  }
  await close();
  return files;
}
