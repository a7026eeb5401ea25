import { env } from 'cloudflare:test';
import { NEW_YORK } from './checkout-helpers.ts';

/** Addresses in California and Texas, with their ZIP codes loaded (loadRegulatedPostalCodes). */
export const SAN_FRANCISCO = {
  ...NEW_YORK,
  addressLine1: '1 Market St',
  city: 'San Francisco',
  regionCode: 'CA',
  postalCode: '94105',
};
export const DALLAS = {
  ...NEW_YORK,
  addressLine1: '500 Main St',
  city: 'Dallas',
  regionCode: 'TX',
  postalCode: '75201',
};

export async function loadRegulatedPostalCodes(): Promise<void> {
  await env.DB.prepare(`INSERT OR IGNORE INTO postal_code (market, post_code, city, state_code) VALUES
    ('us', '94105', 'San Francisco', 'CA'), ('us', '75201', 'Dallas', 'TX'), ('us', '80202', 'Denver', 'CO')`).run();
}

type Row = Record<string, unknown>;

/** Copies the rows a query finds into the same table, changed by `change` (a null id takes a new one). */
async function copyRows(table: string, where: string, bind: unknown[], change: (row: Row) => Row): Promise<void> {
  const rows = (
    await env.DB.prepare(`SELECT * FROM ${table} WHERE ${where}`)
      .bind(...bind)
      .all<Row>()
  ).results;
  for (const row of rows) {
    const next = { ...row, ...change(row) };
    const columns = Object.keys(next);
    await env.DB.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
      .bind(...columns.map((column) => next[column] ?? null))
      .run();
  }
}

/**
 * A copy of a catalog item under a new id with its first SKU, prices, handle and fitment: the same
 * part from the catalog's point of view, as a staff member would list a second version of it.
 */
export async function copyItem(
  from: number,
  to: { id: number; skuId: number; title: string; handle: string; changes: Row },
): Promise<void> {
  await copyRows('item', 'id = ?', [from], () => ({ id: to.id, title: to.title, ...to.changes }));
  const sku = await env.DB.prepare('SELECT id FROM sku WHERE item_id = ? ORDER BY sort LIMIT 1')
    .bind(from)
    .first<{ id: number }>();
  await copyRows('sku', 'id = ?', [sku!.id], () => ({
    id: to.skuId,
    item_id: to.id,
    part_number: `COPY-${to.id}`,
    bar_code: String(900000000000 + to.id),
    available_total: 50,
  }));
  await copyRows('sku_price', 'sku_id = ?', [sku!.id], () => ({ sku_id: to.skuId }));
  await copyRows('seo', "target_id = ? AND type = 'ITEM' AND is_primary = 1", [from], () => ({
    id: null,
    target_id: to.id,
    url_handle: to.handle,
    title: to.title,
  }));
  await copyRows('fitment', 'item_id = ?', [from], () => ({ id: null, item_id: to.id }));
}
