// Turns rows into INSERT statements, each under D1's 100 KB statement limit.
import type { Row } from './catalog-gen.ts';

const MAX_STATEMENT_BYTES = 90_000;

export function sqlValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

/** Multi-row INSERT statements for one table, columns taken from the first row. */
export function* insertStatements(table: string, rows: readonly Row[]): Generator<string> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
  let values: string[] = [];
  let size = head.length;
  for (const row of rows) {
    const tuple = `(${columns.map((column) => sqlValue(row[column])).join(', ')})`;
    if (values.length > 0 && size + tuple.length + 2 > MAX_STATEMENT_BYTES) {
      yield `${head}${values.join(', ')};`;
      values = [];
      size = head.length;
    }
    values.push(tuple);
    size += tuple.length + 2;
  }
  if (values.length > 0) yield `${head}${values.join(', ')};`;
}
