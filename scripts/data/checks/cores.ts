// Core deposits (issue 40): a part that says it carries a core charge (its special note or its
// description) has one on every SKU in both markets, and no other part has one. Read off the stored
// rows only, like every check.
import { type CheckResult, checkResult, columnsOf, type Query, quote } from './d1.ts';

/** A part's words that promise a core charge. */
const SAYS_CORE = `(i.special_note LIKE '%core charge%' OR i.detail_content LIKE '%core charge%')`;

interface Row {
  id: number;
  title: string;
  partNumber: string;
  saysCore: number;
  usd: number | null;
  cad: number | null;
}

/** Parts that promise a core charge without one in each market, and charges on parts that promise none. */
export async function checkCoreCharges(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const label = 'core parts without a core charge in both markets, or charges on parts that say none';
  const done = (found: string[], notes: string[]) => checkResult('core-charge', label, started, found, notes);
  if (!(await columnsOf(query, 'sku_price')).has('core_charge')) return done([], ['no core charge column']);
  const rows = await query<Row>(
    `SELECT i.id, i.title, s.part_number AS partNumber, ${SAYS_CORE} AS saysCore,
       (SELECT core_charge FROM sku_price WHERE sku_id = s.id AND currency = 'USD') AS usd,
       (SELECT core_charge FROM sku_price WHERE sku_id = s.id AND currency = 'CAD') AS cad
     FROM item i JOIN sku s ON s.item_id = i.id
     WHERE ${SAYS_CORE} OR EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.core_charge IS NOT NULL)
     ORDER BY i.id, s.id`,
  );
  const found = rows.flatMap((row) => {
    const part = `#${row.id} ${quote(row.title)} (${row.partNumber})`;
    if (row.saysCore && (row.usd === null || row.cad === null))
      return [`${part}: says it carries a core charge, has none in ${row.usd === null ? 'USD' : 'CAD'}`];
    if (!row.saysCore) return [`${part}: a core charge on a part that does not say it carries one`];
    return [];
  });
  return done(found, [`${rows.length} SKUs with a core`]);
}
