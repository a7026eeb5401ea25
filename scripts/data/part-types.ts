// The parts a real auto-parts shop sells, by category: how they are named, priced and fitted,
// and the brands that sell them. The categories themselves are in catalog-parts-*.ts.
import { ACCESSORIES, WHEELS } from './catalog-parts-extras.ts';
import { BRAKES, ENGINE, SUSPENSION } from './catalog-parts-mechanical.ts';
import { BODY, INTERIOR, LIGHTING } from './catalog-parts-outfitting.ts';
import { ELECTRICAL, EXHAUST } from './catalog-parts-power.ts';
import type { EmissionsKind, EmissionsStatus } from '../../shared/regulated-parts.ts';

/** How a part's fitment is shaped: by model-year range, by trim, by engine, universal or none. */
export type FitmentStyle = 'model' | 'trim' | 'engine' | 'universal' | 'none';

/** Which engines a part can fit: spark-ignited ones, any that burns fuel, or electric only. */
export type EngineNeed = 'spark' | 'fuel' | 'electric';

/**
 * A variant of a part and the specifications it decides: a "Ceramic" pad's friction material is
 * ceramic, so the title and the specifications can never disagree.
 */
export interface Variant {
  name: string;
  specs?: Record<string, string>;
  /** An emissions part's legal status, which its name and specifications must agree with. */
  emissions?: EmissionsStatus;
}

export interface PartType {
  name: string; // leaf back category, e.g. 'Brake Pads'
  handle: string;
  titles: string[]; // templates: {brand} {variant} {count}
  variants: (string | Variant)[];
  positions?: string[];
  priceUsd: [number, number]; // dollars
  fitment: FitmentStyle[]; // allowed styles, first is most common
  engine?: EngineNeed;
  /** Sold by size (wiper length, bulb, battery group, filter number): {size} in a title, a spec label. */
  sizes?: { label: string; values: string[] };
  quantity?: number;
  specs: [string, string[]][];
  faqs?: [string, string][];
  note?: string[];
  core?: boolean; // carries a refundable core charge
  carb?: boolean; // emissions part: may not be sold in California / Canada limits
  /** The kind of emissions part (shared/regulated-parts.ts); each variant then names its legal status. */
  emissions?: EmissionsKind;
}

export interface TopCategory {
  name: string;
  handle: string;
  color: string;
  parts: PartType[];
}

/** A variant as a record, whichever way the category wrote it. */
export const variantOf = (variant: string | Variant): Variant =>
  typeof variant === 'string' ? { name: variant } : variant;

export const CATALOG: TopCategory[] = [
  BRAKES,
  LIGHTING,
  BODY,
  SUSPENSION,
  ENGINE,
  EXHAUST,
  ELECTRICAL,
  INTERIOR,
  WHEELS,
  ACCESSORIES,
];

/**
 * The brands and what they sell, by top category or part handle: a lighting brand sells lights
 * and bulbs, never brake pads. The shop's own brand sells everything.
 */
export const BRANDS = [
  { name: 'AutoHaven Pro', abbreviation: 'AHP', self: true, sells: ['*'] },
  { name: 'DuraStop', abbreviation: 'DS', sells: ['brakes'] },
  { name: 'BrightPath Lighting', abbreviation: 'BPL', sells: ['lighting'] },
  {
    name: 'IronClad Auto',
    abbreviation: 'ICA',
    sells: ['bumper-covers', 'fenders', 'grilles', 'side-mirrors', 'wheels-tires', 'control-arms', 'tie-rod-ends'],
  },
  { name: 'NorthRidge Suspension', abbreviation: 'NRS', sells: ['suspension-steering'] },
  {
    name: 'TorqueMaster',
    abbreviation: 'TQM',
    sells: ['engine-cooling', 'alternators', 'starters', 'garage-tools', 'diagnostic-tools'],
  },
  { name: 'FlowMax Exhaust', abbreviation: 'FMX', sells: ['exhaust'] },
  {
    name: 'Voltline Electric',
    abbreviation: 'VLE',
    sells: ['electrical', 'spark-plugs', 'ignition-coils', 'light-bulbs', 'diagnostic-tools'],
  },
  {
    name: 'ClearView Optics',
    abbreviation: 'CVO',
    sells: ['headlights', 'tail-lights', 'fog-lights', 'light-bulbs', 'side-mirrors', 'wiper-blades'],
  },
  { name: 'TrailGuard', abbreviation: 'TG', sells: ['accessories', 'floor-mats', 'seat-covers', 'wheels-tires'] },
  { name: 'PrimeFit Interiors', abbreviation: 'PFI', sells: ['interior'] },
  {
    name: 'Redline Motorworks',
    abbreviation: 'RLM',
    sells: ['air-filters', 'oil-filters', 'spark-plugs', 'exhaust', 'brake-pads', 'brake-rotors', 'shocks-struts'],
  },
] as const;

/** Whether a brand sells a part of this top category. */
export const brandSells = (brand: (typeof BRANDS)[number], top: string, part: string): boolean =>
  brand.sells.some((what: string) => what === '*' || what === top || what === part);

export const WARRANTIES = ['1-Year Limited', '2-Year Limited', 'Limited Lifetime', '90-Day'];
