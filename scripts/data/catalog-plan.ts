// The coverage plan: for every popular model and model year, parts in each core maintenance
// category from two brands at two prices. Parts fit the way real catalogs fit them: pads and
// struts by model generation, wipers, bulbs, batteries and filters by size across many models,
// engine parts by the make's engine family.
import type { Engine } from './catalog-engine.ts';
import {
  contiguousRows,
  engineTakes,
  type FitContext,
  type FitRow,
  fitModelYear,
  mix,
  yearText,
} from './catalog-fit.ts';
import { type BrandRow, type LeafCategory, type PartRecord, pickVariant } from './catalog-record.ts';
import { brandSells, type PartType } from './part-types.ts';
import type { Random } from './random.ts';
import type { VehicleNode } from './vehicle-tree.ts';

/** An application a record is made of: where it fits and what its title names. */
export interface Application {
  rows: FitRow[];
  vehicle: PartRecord['vehicle'];
  size: string | null;
  count: number | null;
  facts: [string, string][];
}

type Sized = [size: string, location: string | null];

/** The sizes one chunk of a model takes of a sized part: its wiper lengths, bulb, battery group, filter. */
export function chunkSizes(part: PartType, makeId: number, modelId: number, chunk: number): Sized[] {
  const values = part.sizes!.values;
  const roll = (salt: number) => mix(modelId, chunk, salt);
  if (part.handle === 'wiper-blades') {
    const driver = 4 + (roll(1) % (values.length - 4));
    const passenger = roll(2) % Math.min(driver - 1, 5);
    return [
      [values[driver]!, 'Driver Side'],
      [values[passenger]!, 'Passenger Side'],
    ];
  }
  if (part.handle === 'light-bulbs') return [[values[roll(3) % values.length]!, 'Low Beam']];
  if (values.length > 1) return [[values[roll(4) % values.length]!, null]];
  // A filter number: each make has four, shared by its models' generations.
  const slot = roll(5) % 4;
  return [[`${values[0]}${10000 + (mix(makeId, slot, values[0]!.charCodeAt(1)) % 90000)}`, null]];
}

/** Applications of a sized part: one per size, over every chunk of these models that takes it. */
export function sizedApplications(ctx: FitContext, part: PartType, modelIds: number[]): Application[] {
  const bySize = new Map<string, FitRow[]>();
  for (const modelId of modelIds) {
    const makeId = ctx.model.get(modelId)!.makeId;
    ctx.chunks(modelId).forEach((years, chunk) => {
      for (const [size, location] of chunkSizes(part, makeId, modelId, chunk)) {
        const rows = bySize.get(size) ?? bySize.set(size, []).get(size)!;
        for (const year of years)
          for (const node of fitModelYear(ctx, year, { need: part.engine })) rows.push({ node, location });
      }
    });
  }
  return [...bySize]
    .filter(([, rows]) => rows.length > 0)
    .map(([size, rows]) => ({ rows, vehicle: null, size, count: null, facts: [] }));
}

/** An application to one model's years: its title names the model and exactly those years. */
export function modelApplication(ctx: FitContext, years: VehicleNode[], rows: FitRow[], engine?: string): Application {
  const fitting = contiguousRows(rows);
  const model = ctx.model.get(years[0]!.modelId!)!;
  const vehicle = fitting.length
    ? { make: ctx.makeName.get(model.makeId)!, model: model.name, years: yearText(fitting), engine: engine ?? null }
    : null;
  return { rows: fitting, vehicle, size: null, count: null, facts: [] };
}

/**
 * What engines of one make share for a part: an oil filter fits the engines with the same filter
 * mount (fuel, cylinders, displacement to the litre), other engine parts the engines with the
 * same cylinder count.
 */
type FamilyKey = (engine: Engine) => string;
const cylinderKey: FamilyKey = (engine) => String(engine.cylinders ?? '?');
const filterMountKey: FamilyKey = (engine) =>
  `${cylinderKey(engine)}|${engine.fuel === 'diesel' ? 'diesel' : 'gas'}|` +
  (engine.displacement ? Math.round(Number.parseFloat(engine.displacement)) : '?');
const familyKeyOf = (part: PartType): FamilyKey => (part.handle === 'oil-filters' ? filterMountKey : cylinderKey);
/** Oil filter threads, as the filter mount of an engine family decides them. */
const FILTER_THREADS = ['3/4-16 UNF', '13/16-16 UNF', 'M20 x 1.5', 'M22 x 1.5', '1-12 UNF'];

/** "1.8L-2.5L 4-Cyl": the displacements and cylinder count of an engine family. */
function familyLabel(engines: Engine[]): string {
  const litres = [...new Set(engines.map((engine) => engine.displacement).filter(Boolean))] as string[];
  litres.sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b));
  const range = litres.length > 1 ? `${litres[0]}-${litres.at(-1)}` : (litres[0] ?? '');
  const cylinders = engines[0]?.cylinders;
  const diesel = engines.every((engine) => engine.fuel === 'diesel') ? 'Diesel' : '';
  return [range, cylinders ? `${cylinders}-Cyl` : '', diesel].filter(Boolean).join(' ') || 'Gasoline';
}

type Family = { make: number; key: string; rows: FitRow[]; engines: Engine[] };

/** One engine family's application: its title names the make and the family, its facts the engines. */
function familyApplication(ctx: FitContext, part: PartType, { make, key, rows, engines }: Family): Application {
  const labels = [...new Set(engines.map((engine) => engine.label))].sort();
  const cylinders = engines[0]?.cylinders ?? null;
  const facts: [string, string][] = [
    ['Engines', labels.slice(0, 8).join(', ') + (labels.length > 8 ? ' and more' : '')],
  ];
  if (part.handle === 'oil-filters') {
    const thread = FILTER_THREADS[mix(make, ...[...key].map((c) => c.charCodeAt(0))) % FILTER_THREADS.length]!;
    facts.unshift(['Thread Size', thread]);
  }
  return {
    rows,
    vehicle: { make: ctx.makeName.get(make)!, model: null, years: null, engine: familyLabel(engines) },
    size: null,
    count: part.handle === 'spark-plugs' ? cylinders : null,
    facts,
  };
}

/**
 * Applications of an engine part: one per make and engine family over these models' engines
 * (a model year whose engines all belong to it gets one row, else each engine its own). A model
 * year whose engines the data does not know takes the families of its generation's other years,
 * as engines carry through a generation; a generation with none known gets one application of
 * its own. `spans` are the generations (the caller may leave some out).
 */
export function engineApplications(
  ctx: FitContext,
  part: PartType,
  modelIds: number[],
  spans: (modelId: number) => VehicleNode[][] = ctx.chunks,
): Application[] {
  const familyKey = familyKeyOf(part);
  const families = new Map<string, Family>();
  const familyOf = (make: number, key: string) =>
    families.get(`${make}|${key}`) ??
    families.set(`${make}|${key}`, { make, key, rows: [], engines: [] }).get(`${make}|${key}`)!;
  const unknown: Application[] = [];
  for (const modelId of modelIds) {
    const make = ctx.model.get(modelId)!.makeId;
    for (const years of spans(modelId)) {
      const blind: FitRow[] = [];
      const keys = new Set<string>();
      for (const year of years) {
        const all = ctx.engines(year);
        if (all.length === 0) {
          blind.push(...fitModelYear(ctx, year, { need: part.engine }).map((node) => ({ node, location: null })));
          continue;
        }
        const taking = all.filter(({ engine }) => engineTakes(part.engine, engine)).map(({ engine }) => engine);
        for (const key of new Set(taking.map(familyKey))) {
          keys.add(key);
          const family = familyOf(make, key);
          const nodes = fitModelYear(ctx, year, { need: part.engine, engine: (e) => familyKey(e) === key });
          family.rows.push(...nodes.map((node) => ({ node, location: null })));
          family.engines.push(...taking.filter((engine) => familyKey(engine) === key));
        }
      }
      if (keys.size === 0) unknown.push(modelApplication(ctx, years, blind));
      else for (const key of keys) familyOf(make, key).rows.push(...blind);
    }
  }
  const byFamily = [...families.values()].map((family) => familyApplication(ctx, part, family));
  return [...byFamily, ...unknown.filter((application) => application.rows.length > 0)];
}

/** The brands that sell a part, the shop's own brand last so specialists lead. */
export function sellersOf(brands: BrandRow[], leaf: LeafCategory): BrandRow[] {
  const sellers = brands.filter(({ brand }) => brandSells(brand, leaf.top.handle, leaf.part.handle));
  return [...sellers.filter((b) => b.id !== 1), ...sellers.filter((b) => b.id === 1)];
}

/** Two records of an application, from two brands at two prices. */
export function twoBrands(
  random: Random,
  leaf: LeafCategory,
  sellers: BrandRow[],
  application: Application,
  index: number,
  position: string | null = null,
): PartRecord[] {
  const first = sellers[index % sellers.length]!;
  const second = sellers[(index + 1) % sellers.length]!;
  const brands = first.id === second.id ? [first] : [first, second];
  return brands.map((brand, tier) => ({
    leaf,
    brand,
    variant: pickVariant(random, leaf.part),
    position,
    ...application,
    style: 'fitted',
    stocked: true,
    priceTier: tier === 0 ? 0.05 + random.next() * 0.3 : 0.6 + random.next() * 0.35,
  }));
}
