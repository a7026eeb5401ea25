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
  /** A core maintenance part of the coverage plan: the shop keeps it listed, never a draft or off the shelves. */
  stocked?: boolean;
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

/**
 * Stock and listing status, overall and per market. A roll off the shelves leaves the coverage
 * plan's parts on them: a shop keeps its core maintenance line listed.
 */
export function stockOf(record: PartRecord, random: Random) {
  const roll = random.next();
  const stock = roll < 0.04 ? 0 : roll < 0.1 ? random.int(1, 4) : random.int(5, 400);
  const rolled =
    roll < 0.04
      ? 'SOLD_OUT'
      : roll < 0.1
        ? 'UNDER_STOCK'
        : roll < 0.11
          ? 'OFF_SHELVES'
          : roll < 0.115
            ? 'DRAFT'
            : 'ON_SHELVES';
  const status = record.stocked && (rolled === 'OFF_SHELVES' || rolled === 'DRAFT') ? 'ON_SHELVES' : rolled;
  if (rolled !== 'ON_SHELVES') return { stock, status, usStatus: status, caStatus: status };
  const caOff = (record.leaf.part.carb && random.chance(0.5)) || random.chance(0.04);
  const usOff = random.chance(0.008);
  return {
    stock,
    status,
    usStatus: usOff ? 'OFF_SHELVES' : 'ON_SHELVES',
    caStatus: caOff ? 'OFF_SHELVES' : 'ON_SHELVES',
  };
}

/** A variant of the part, as a record. */
export const pickVariant = (random: Random, part: PartType): Variant => variantOf(random.pick(part.variants));
