// Shipping limits per part (issue 40 item 4): every part of a kind the carriers treat as hazardous
// (batteries first) carries its hazardous-materials class, and every part of a kind they bill as
// oversize or carry by freight only its size class. The kinds are the shop's own table
// (shared/shipping-limits.ts), matched against the stored categories' handles.
import { HAZMAT_BY_CATEGORY, SIZE_BY_CATEGORY } from '../../../shared/shipping-limits.ts';
import { type CheckResult, checkResult, columnsOf, type Query, quote } from './d1.ts';

interface Row {
  id: number;
  title: string;
  handle: string;
  value: string | null;
}

/** Parts in the table's categories whose column is not the class the table gives them. */
async function mismatches(query: Query, column: 'hazmat_class' | 'size_class', table: Record<string, string>) {
  const handles = Object.keys(table);
  const rows = await query<Row>(
    `SELECT i.id, i.title, c.handle, i.${column} AS value FROM item i JOIN category c ON c.id = i.back_category_id
     WHERE c.handle IN (${handles.map((handle) => `'${handle.replace(/'/g, "''")}'`).join(', ')}) ORDER BY i.id`,
  );
  const found = rows
    .filter((row) => row.value !== table[row.handle])
    .map((row) => `#${row.id} ${quote(row.title)}: ${row.value ?? 'no class'}, ${table[row.handle]} expected`);
  return { rows, found };
}

/** Batteries (and the other hazardous kinds) without their hazardous-materials class. */
export async function checkHazmatClasses(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const label = 'batteries and other hazardous parts without their hazardous-materials class';
  if (!(await columnsOf(query, 'item')).has('hazmat_class'))
    return checkResult('hazmat-class', label, started, [], ['no shipping-limit columns']);
  const { rows, found } = await mismatches(query, 'hazmat_class', HAZMAT_BY_CATEGORY);
  return checkResult('hazmat-class', label, started, found, [`${rows.length} hazardous parts`]);
}

/** Exhaust, body panels and the other oversize kinds without their size class. */
export async function checkSizeClasses(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const label = 'oversize or freight-only kinds of parts without their size class';
  if (!(await columnsOf(query, 'item')).has('size_class'))
    return checkResult('size-class', label, started, [], ['no shipping-limit columns']);
  const { rows, found } = await mismatches(query, 'size_class', SIZE_BY_CATEGORY);
  return checkResult('size-class', label, started, found, [`${rows.length} oversize parts`]);
}
