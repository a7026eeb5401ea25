// What the law says of a generated part (issue 40): its emissions kind and legal status (from its
// part type and variant, so the title and the status can never disagree), its CARB Executive Order
// number, and the Proposition 65 listing peers print on parts of its kind. Nothing here draws from
// the catalog's random sequence: adding these columns leaves every other value of the catalog as it was.
import type { Prop65Listing } from '../../shared/regulated-parts.ts';
import type { PartType, Variant } from './part-types.ts';

/**
 * The Prop 65 listings auto-parts peers print, by part type: lead in brass and solder (electrical
 * parts, calipers, rotors, radiators, lamps), nickel and chromium in steels and catalysts, phthalates
 * in vinyl and rubber, BPA in polycarbonate. Oxygen sensors, filters and plain steel parts carry none.
 */
const PROP65_BY_PART: Readonly<Record<string, Prop65Listing>> = {
  'brake-pads': { kind: 'CANCER', chemicals: ['nickel'] },
  'brake-rotors': { kind: 'BOTH', chemicals: ['lead'] },
  'brake-calipers': { kind: 'BOTH', chemicals: ['lead'] },
  batteries: { kind: 'BOTH', chemicals: ['lead'] },
  alternators: { kind: 'BOTH', chemicals: ['lead'] },
  starters: { kind: 'BOTH', chemicals: ['lead'] },
  'window-regulators': { kind: 'BOTH', chemicals: ['lead', 'di(2-ethylhexyl)phthalate (DEHP)'] },
  'ignition-coils': { kind: 'BOTH', chemicals: ['lead'] },
  radiators: { kind: 'BOTH', chemicals: ['lead'] },
  'catalytic-converters': { kind: 'CANCER', chemicals: ['nickel', 'chromium (hexavalent compounds)'] },
  mufflers: { kind: 'CANCER', chemicals: ['nickel'] },
  'exhaust-manifolds': { kind: 'CANCER', chemicals: ['nickel'] },
  headlights: { kind: 'BOTH', chemicals: ['lead'] },
  'tail-lights': { kind: 'BOTH', chemicals: ['lead'] },
  'fog-lights': { kind: 'BOTH', chemicals: ['lead'] },
  'floor-mats': { kind: 'CANCER', chemicals: ['diisononyl phthalate (DINP)'] },
  'phone-mounts': { kind: 'REPRODUCTIVE', chemicals: ['bisphenol A (BPA)'] },
  'garage-tools': { kind: 'BOTH', chemicals: ['lead'] },
};

/** CARB Executive Order prefixes by brand (the EO's manufacturer series); others use the shop brand's. */
const EO_SERIES: Readonly<Record<string, number>> = { FMX: 193, RLM: 214, AHP: 280 };

/** The item's regulated columns, as the item row carries them. */
export function regulatedColumns(part: PartType, variant: Variant, brand: string, itemId: number) {
  const status = part.emissions ? (variant.emissions ?? 'FORTY_NINE_STATE') : null;
  const prop65 = PROP65_BY_PART[part.handle] ?? null;
  return {
    emissions_kind: part.emissions ?? null,
    emissions_status: status,
    carb_eo: status === 'FIFTY_STATE' ? `D-${EO_SERIES[brand] ?? EO_SERIES.AHP}-${100 + ((itemId * 37) % 900)}` : null,
    prop65_kind: prop65?.kind ?? null,
    prop65_chemicals: prop65 ? JSON.stringify(prop65.chemicals) : null,
  };
}

/** The description's sentence on an emissions part, as its status and EO number say (never one for another status). */
export function emissionsSentence(status: string | null, eo: string | null): string {
  if (status === 'FIFTY_STATE') return `Emissions part: legal in all 50 states under CARB Executive Order ${eo}. `;
  if (status === 'FORTY_NINE_STATE') return 'Emissions part: 49-state legal, not for sale in California. ';
  if (status === 'OFF_ROAD') return 'For off-road use only: not legal on public roads in California. ';
  return '';
}
