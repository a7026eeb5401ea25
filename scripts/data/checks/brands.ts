// Brand and specification contradictions: a brand whose name (or line) says what it makes
// selling other kinds of parts, and a brake pad whose title names another friction material
// than its own specification.
import { backCategories, type CheckResult, columnsOf, MAX_EXAMPLES, type Query, quote, sqlIds } from './d1.ts';

/** What a word in a brand's name promises, and the category names that keep the promise. */
export const SPECIALTIES: readonly { label: string; word: RegExp; makes: RegExp }[] = [
  { label: 'lighting', word: /\blight(s|ing)?\b|\blamps?\b/i, makes: /light|lamp|bulb|fog/i },
  // Optics is the trade's word for seeing the road: lights, mirrors and the wipers that clear the glass.
  { label: 'optics', word: /\boptics?\b/i, makes: /light|lamp|bulb|fog|mirror|glass|lens|camera|wiper/i },
  {
    label: 'interior',
    word: /\binteriors?\b/i,
    makes: /interior|floor|mat|seat|dash|cabin|steering wheel|sun ?shade|cargo/i,
  },
  { label: 'brakes', word: /\bbrakes?\b/i, makes: /brake|rotor|caliper|pad|drum|shoe/i },
  {
    label: 'suspension',
    word: /\bsuspension\b|\bsteering\b/i,
    makes: /suspension|steering|shock|strut|spring|control arm|tie rod|ball joint|sway|bushing|hub|bearing/i,
  },
  { label: 'exhaust', word: /\bexhaust\b/i, makes: /exhaust|muffler|catalytic|oxygen|pipe|header|manifold/i },
  {
    label: 'electrical',
    word: /\belectric(al)?\b/i,
    makes:
      /electric|alternator|starter|batter|ignition|coil|spark|sensor|bulb|wir|switch|fuse|relay|regulator|diagnos/i,
  },
  { label: 'cooling', word: /\bcooling\b|\bradiators?\b/i, makes: /cool|radiator|water pump|thermostat|fan|hose/i },
  { label: 'filters', word: /\bfilters?\b/i, makes: /filter/i },
  { label: 'wheels and tires', word: /\btires?\b|\bwheels?\b/i, makes: /tire|wheel|lug|tpms|spacer/i },
];

/**
 * Brands whose name, or line when the brand table has one, names a specialty (Lighting,
 * Interiors, Brakes, Suspension, Exhaust, Electric...) with items in a category outside it (by
 * the category's name, or its parent's when that names the specialty). One GROUP BY over items
 * by brand and category; counts the items.
 */
export async function checkBrandCategories(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const columns = await columnsOf(query, 'brand');
  const line = ['line', 'product_line', 'specialty', 'tagline'].filter((c) => columns.has(c));
  const lineSql = line.length ? line.map((c) => `coalesce(b.${c}, '')`).join(` || ' ' || `) : `''`;
  const rows = await query<{
    brand: string;
    line: string;
    category: string;
    parent: string;
    n: number;
    id: number;
    title: string;
  }>(
    `SELECT b.name AS brand, ${lineSql} AS line, c.name AS category, coalesce(p.name, '') AS parent,
       count(*) AS n, min(i.id) AS id, i.title
     FROM item i JOIN brand b ON b.id = i.brand_id JOIN category c ON c.id = i.back_category_id
     LEFT JOIN category p ON p.id = c.parent_id
     GROUP BY i.brand_id, i.back_category_id ORDER BY b.name, c.name`,
  );
  let count = 0;
  const examples: string[] = [];
  for (const row of rows) {
    const says = SPECIALTIES.filter((s) => s.word.test(`${row.brand} ${row.line}`));
    if (says.length === 0 || says.some((s) => s.makes.test(row.category) || s.word.test(row.parent))) continue;
    count += row.n;
    if (examples.length < MAX_EXAMPLES)
      examples.push(
        `${row.brand} (${says.map((s) => s.label).join(', ')}) sells ${row.category}: ` +
          `${row.n} item(s), e.g. #${row.id} ${quote(row.title)}`,
      );
  }
  return {
    name: 'brand-category',
    label: 'items of a brand outside the specialty its name says',
    count,
    examples,
    notes: line.length ? [`brand line read from ${line.join(', ')}`] : [],
    ms: Date.now() - started,
  };
}

/** The friction materials a text names: ceramic, semi-metallic, low-metallic, organic. */
export function padMaterials(text: string): Set<string> {
  const found = new Set<string>();
  let rest = text.toLowerCase();
  if (/low[-\s]?metallic/.test(rest)) {
    found.add('low-metallic');
    rest = rest.replace(/low[-\s]?metallic/g, ' ');
  }
  if (/metallic/.test(rest)) found.add('semi-metallic');
  if (/ceramic/.test(rest)) found.add('ceramic');
  if (/organic|\bnao\b|non[-\s]?asbestos/.test(rest)) found.add('organic');
  return found;
}

/**
 * Brake pads (categories named so) whose title names a friction material other than the one
 * their specification (a label with "material", "compound" or "friction") gives.
 */
export async function checkPadMaterial(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const pads = (await backCategories(query)).filter((c) => /brake pad/i.test(c.name)).map((c) => c.id);
  const rows = await query<{ id: number; title: string; spec: string }>(
    `SELECT i.id, i.title, group_concat(s.value, '; ') AS spec FROM item i
     JOIN item_customs s ON s.item_id = i.id
       AND (s.label LIKE '%material%' OR s.label LIKE '%compound%' OR s.label LIKE '%friction%')
     WHERE i.back_category_id IN (${sqlIds(pads)}) GROUP BY i.id ORDER BY i.id`,
  );
  let count = 0;
  const examples: string[] = [];
  const names = (set: Set<string>) => [...set].sort().join(' + ');
  for (const row of rows) {
    const title = padMaterials(row.title);
    const spec = padMaterials(row.spec);
    if (title.size === 0 || spec.size === 0 || names(title) === names(spec)) continue;
    count++;
    if (examples.length < MAX_EXAMPLES)
      examples.push(`#${row.id} ${quote(row.title)}: title ${names(title)}, specification ${names(spec)}`);
  }
  return {
    name: 'pad-material',
    label: 'brake pads whose title names another material than their specification',
    count,
    examples,
    notes: pads.length ? [`${rows.length} brake pads with a material specification`] : ['no brake pad category'],
    ms: Date.now() - started,
  };
}
