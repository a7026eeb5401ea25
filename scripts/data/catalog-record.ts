// One record per part: what it is (category, brand, variant, size, position), where it fits
// (the rows) and what vehicle its title names. Title, fitment and specifications are all read
// off the record, so they cannot disagree.
import type { FitRow } from './catalog-fit.ts';
import { type BRANDS, type PartType, type Variant, variantOf } from './part-types.ts';
import type { Random } from './random.ts';

export interface LeafCategory {
  id: number;
  part: PartType;
  top: { name: string; handle: string; color: string };
}

export interface BrandRow {
  id: number;
  name: string;
  brand: (typeof BRANDS)[number];
}

/** The vehicle a title names: a model and its years (and an engine), or a make's engine family. */
export interface TitleVehicle {
  make: string;
  model: string | null;
  years: string | null;
  engine: string | null;
}

export interface PartRecord {
  leaf: LeafCategory;
  brand: BrandRow;
  variant: Variant;
  position: string | null;
  size: string | null;
  /** Pieces in the set when the vehicle decides it (a spark plug per cylinder). */
  count: number | null;
  style: 'fitted' | 'universal' | 'none';
  rows: FitRow[];
  vehicle: TitleVehicle | null;
  /** Where in its price range it sits, 0 to 1: two brands of one application differ in price. */
  priceTier: number;
  /** Extra specifications the application decides (the engines it fits). */
  facts: [string, string][];
}

/** The words after "for" in a title. */
export function vehicleText(vehicle: TitleVehicle): string {
  if (vehicle.model === null) return `${vehicle.make} ${vehicle.engine ?? ''} Engines`.replace(/\s+/g, ' ');
  return [vehicle.years, vehicle.make, vehicle.model, vehicle.engine].filter(Boolean).join(' ');
}

/** The title without the vehicle: brand, variant, size, count and position. */
export function baseTitleOf(record: PartRecord, random: Random): string {
  const template = random.pick(record.leaf.part.titles);
  const count = record.count ?? random.pick([3, 4]);
  const title = template
    .replace(', Set of {count}', record.count === null ? ', Sold Individually' : ', Set of {count}')
    .replace('{brand}', record.brand.name)
    .replace('{variant}', record.variant.name)
    .replace('{size}', record.size ?? '')
    .replace('{count}', String(count));
  return `${title}${record.position ? `, ${record.position}` : ''}`.replace(/\s+/g, ' ').trim();
}

/** The full title: the base title, then the vehicle it names. */
export function titleOf(record: PartRecord, baseTitle: string): string {
  return record.vehicle ? `${baseTitle} for ${vehicleText(record.vehicle)}` : baseTitle;
}

/** The specifications: the variant's own, the size, the count, the engines, then the rest rolled. */
export function specsOf(record: PartRecord, random: Random): [string, string][] {
  const part = record.leaf.part;
  const own = record.variant.specs ?? {};
  const specs: [string, string][] = part.specs.map(([label, values]) => [label, own[label] ?? random.pick(values)]);
  for (const [label, value] of Object.entries(own)) if (!specs.some(([l]) => l === label)) specs.push([label, value]);
  if (part.sizes && record.size) specs.push([part.sizes.label, record.size]);
  if (record.count !== null) specs.push(['Quantity', String(record.count)]);
  specs.push(...record.facts);
  if (record.position) specs.push(['Position', record.position]);
  return specs;
}

/** A variant of the part, as a record. */
export const pickVariant = (random: Random, part: PartType): Variant => variantOf(random.pick(part.variants));
