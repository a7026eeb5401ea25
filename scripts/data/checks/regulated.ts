// Emissions parts and the law (issue 40): every emissions part has a legal status, every 50-state
// part its CARB Executive Order number (and no other part one), and what a title or an "Emissions"
// specification or its description says of a part agrees with its status ("49-State (not legal in California)" is
// FORTY_NINE_STATE). Read off the stored rows only, like every check.
import { type CheckResult, checkResult, columnsOf, type Query, quote } from './d1.ts';

type Status = 'FIFTY_STATE' | 'FORTY_NINE_STATE' | 'OFF_ROAD';

/** The legal status a piece of text claims, or null when it claims none. Off-road first: it also says "not legal". */
export function claimedStatus(text: string): Status | null {
  if (/\boff[- ]road\b/i.test(text)) return 'OFF_ROAD';
  if (/\b49[- ]state\b|\bnot (?:legal|for sale) in california\b|\bEPA[- ]compliant\b/i.test(text))
    return 'FORTY_NINE_STATE';
  if (/\bCARB\b|\b50[- ]state\b/i.test(text)) return 'FIFTY_STATE';
  return null;
}

/** Whether the loaded catalog has the columns (a database from before them has nothing to check). */
async function hasColumns(query: Query): Promise<boolean> {
  const columns = await columnsOf(query, 'item');
  return columns.has('emissions_status') && columns.has('carb_eo');
}

interface Row {
  id: number;
  title: string;
  kind: string | null;
  status: Status | null;
  eo: string | null;
  spec: string | null;
  description: string | null;
}

/** Every item that is or looks like an emissions part: a kind, a status, an EO, a claim, or a category of them. */
async function emissionsRows(query: Query): Promise<Row[]> {
  return query<Row>(
    `SELECT i.id, i.title, i.detail_content AS description, i.emissions_kind AS kind,
       i.emissions_status AS status, i.carb_eo AS eo,
       (SELECT group_concat(c.value, '; ') FROM item_customs c WHERE c.item_id = i.id AND c.label = 'Emissions') AS spec
     FROM item i
     WHERE i.emissions_kind IS NOT NULL OR i.emissions_status IS NOT NULL OR i.carb_eo IS NOT NULL
       OR EXISTS (SELECT 1 FROM item_customs c WHERE c.item_id = i.id AND c.label = 'Emissions')
       OR i.back_category_id IN (SELECT back_category_id FROM item WHERE emissions_kind IS NOT NULL)
     ORDER BY i.id`,
  );
}

/** Emissions parts (a kind, an "Emissions" specification, or a category of them) without a legal status. */
export async function checkEmissionsStatus(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const label = 'emissions parts without a legal status (50-state, 49-state or off-road)';
  if (!(await hasColumns(query))) return checkResult('emissions-status', label, started, [], ['no emissions columns']);
  const rows = await emissionsRows(query);
  const found = rows
    .filter((row) => row.status === null || row.kind === null)
    .map((row) => `#${row.id} ${quote(row.title)}: ${row.kind === null ? 'no emissions kind' : 'no legal status'}`);
  return checkResult('emissions-status', label, started, found, [`${rows.length} emissions parts`]);
}

/** 50-state parts without a CARB Executive Order number, and EO numbers on parts that are not 50-state. */
export async function checkCarbEo(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const label = '50-state parts without a CARB EO number, or other parts with one';
  if (!(await hasColumns(query))) return checkResult('carb-eo', label, started, [], ['no emissions columns']);
  const rows = await emissionsRows(query);
  const found = rows.flatMap((row) => {
    const eo = row.eo?.trim() ?? '';
    if (row.status === 'FIFTY_STATE' && eo === '') return [`#${row.id} ${quote(row.title)}: 50-state without an EO`];
    if (row.status !== 'FIFTY_STATE' && eo !== '')
      return [`#${row.id} ${quote(row.title)}: EO ${eo} on a ${row.status ?? 'statusless'} part`];
    return [];
  });
  return checkResult('carb-eo', label, started, found);
}

/** Titles, "Emissions" specifications and descriptions that claim another legal status than the part's. */
export async function checkEmissionsTitles(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const label = 'titles, Emissions specifications or descriptions that claim another legal status than the part has';
  if (!(await hasColumns(query))) return checkResult('emissions-title', label, started, [], ['no emissions columns']);
  const found: string[] = [];
  for (const row of await emissionsRows(query)) {
    for (const [where, text] of [
      ['title', row.title],
      ['specification', row.spec ?? ''],
      ['description', row.description ?? ''],
    ] as const) {
      const claim = claimedStatus(text);
      if (claim !== null && claim !== row.status)
        found.push(
          `#${row.id} ${quote(row.title)}: ${where} says ${claim}, the part is ${row.status ?? 'without one'}`,
        );
    }
  }
  return checkResult('emissions-title', label, started, found);
}
