// Writes the SQL that replaces the catalog (vehicles included) in one go.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { GeneratedCatalog, Row } from './catalog-gen.ts';
import { insertStatements, sqlValue } from './sql.ts';
import type { VehicleTree } from './vehicle-tree.ts';

/** Children before parents, so the deletes never trip a foreign key. */
export const CATALOG_TABLES = [
  'item_search', 'item_faq', 'review', 'fitment', 'seo', 'item_video', 'item_image', 'sku_price', 'bundle_item', 'bundle',
  'sku', 'item_customs', 'collection_item', 'collection', 'item', 'front_back_category', 'category', 'brand',
  'vehicle_wmi', 'vehicle_node', 'vehicle_model', 'vehicle_make',
] as const;

export function vehicleRows(tree: VehicleTree): Record<string, Row[]> {
  return {
    vehicle_make: tree.makes.map((make) => ({ id: make.id, name: make.name, slug: make.slug })),
    vehicle_model: tree.models.map((model) => ({ id: model.id, make_id: model.makeId, name: model.name, slug: model.slug })),
    vehicle_node: tree.nodes.map((node) => ({ id: node.id, level: node.level, parent_id: node.parentId, value: node.value, text: node.text, year: node.year, make_id: node.makeId, model_id: node.modelId, model_node_id: node.modelNodeId })),
    vehicle_wmi: tree.wmi.map(([wmi, makeId]) => ({ wmi, make_id: makeId })),
  };
}

/** Every statement of a full catalog replacement, ending with the version marker. */
export function* catalogStatements(tree: VehicleTree, catalog: GeneratedCatalog, version: string): Generator<string> {
  for (const table of CATALOG_TABLES) yield `DELETE FROM ${table};`;
  const vehicles = vehicleRows(tree);
  for (const table of ['vehicle_make', 'vehicle_model', 'vehicle_node', 'vehicle_wmi']) yield* insertStatements(table, vehicles[table]!);
  const order = ['brand', 'category', 'front_back_category', 'item', 'item_customs', 'sku', 'sku_price', 'item_image', 'item_video', 'seo',
    'fitment', 'review', 'item_faq', 'collection', 'collection_item', 'bundle', 'bundle_item', 'item_search'];
  for (const table of order) yield* insertStatements(table, catalog.tables[table] ?? []);
  yield `INSERT INTO shop_meta (key, value) VALUES ('catalog', ${sqlValue(version)}) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = unixepoch();`;
}

/** Streams statements to a file; returns its size in bytes. */
export async function writeStatements(file: string, statements: Iterable<string>): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  for (const statement of statements) {
    bytes += statement.length + 1;
    if (!out.write(`${statement}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}
