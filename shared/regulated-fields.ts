/**
 * The regulated columns of a product as the back office edits them (issue 40): emissions kind, legal
 * status and CARB EO number, Prop 65 kind and chemicals, hazardous-materials and size classes. One
 * reader for the catalog editor and the CSV import, so both accept and refuse the same values.
 */
import { EMISSIONS_KINDS, EMISSIONS_STATUSES, PROP65_KINDS } from './regulated-parts.ts';
import { HAZMAT_CLASSES, SIZE_CLASSES } from './shipping-limits.ts';

export const REGULATED_FIELDS = [
  'emissionsKind',
  'emissionsStatus',
  'carbEo',
  'prop65Kind',
  'prop65Chemicals',
  'hazmatClass',
  'sizeClass',
] as const;
export type RegulatedField = (typeof REGULATED_FIELDS)[number];
export type RegulatedValues = Record<RegulatedField, string | null>;

/** A Prop 65 listing's chemicals are separated by semicolons (a name may hold a comma: "1,3-butadiene"). */
export const CHEMICALS_SEPARATOR = ';';
const CHEMICALS_MAX = 10;
const CHEMICAL_MAX_LENGTH = 100;
const CARB_EO = /^[A-Z0-9][A-Z0-9-]{2,39}$/;

const oneOf = (values: readonly string[]) => values.join(', ');

/** What staff are told of a value the columns do not take. */
export const REGULATED_MSG = {
  emissionsKind: `Emissions kind must be empty or one of ${oneOf(EMISSIONS_KINDS)}.`,
  emissionsStatus: `Emissions status must be one of ${oneOf(EMISSIONS_STATUSES)}.`,
  statusWithoutKind: 'An emissions status needs an emissions kind (leave both empty for other parts).',
  carbEo: 'A CARB EO number is 3 to 40 letters, digits and dashes, like D-193-139.',
  eoNeeded: 'A 50-state (FIFTY_STATE) part needs its CARB EO number.',
  eoOnlyFiftyState: 'Only a 50-state (FIFTY_STATE) part has a CARB EO number.',
  prop65Kind: `Prop 65 kind must be empty or one of ${oneOf(PROP65_KINDS)}.`,
  prop65Chemicals:
    `List 1 to ${CHEMICALS_MAX} chemicals of up to ${CHEMICAL_MAX_LENGTH} characters, ` + 'separated by semicolons.',
  chemicalsWithoutKind: 'Prop 65 chemicals need a Prop 65 kind (leave both empty for other parts).',
  hazmatClass: `Hazardous-materials class must be empty or one of ${oneOf(HAZMAT_CLASSES)}.`,
  sizeClass: `Size class must be empty or one of ${oneOf(SIZE_CLASSES)}.`,
} as const;

const clean = (text: string | undefined) => (text ?? '').trim();

/**
 * Reads the fields as staff typed them (codes in any case; empty is none) into the columns' values,
 * or the message of each field that is refused. The chemicals are stored as a JSON array.
 */
export function readRegulated(
  form: Partial<Record<RegulatedField, string>>,
): { values: RegulatedValues } | { errors: Partial<Record<RegulatedField, string>> } {
  const errors: Partial<Record<RegulatedField, string>> = {};
  const code = (field: RegulatedField, allowed: readonly string[]): string | null => {
    const value = clean(form[field])
      .toUpperCase()
      .replace(/[\s-]+/g, '_');
    if (value === '') return null;
    if (allowed.includes(value)) return value;
    errors[field] = REGULATED_MSG[field as keyof typeof REGULATED_MSG];
    return null;
  };
  const emissionsKind = code('emissionsKind', EMISSIONS_KINDS);
  const emissionsStatus = code('emissionsStatus', EMISSIONS_STATUSES);
  if (emissionsKind && !emissionsStatus && !errors.emissionsStatus)
    errors.emissionsStatus = REGULATED_MSG.emissionsStatus;
  if (!emissionsKind && emissionsStatus && !errors.emissionsKind)
    errors.emissionsStatus = REGULATED_MSG.statusWithoutKind;
  const eo = clean(form.carbEo).toUpperCase();
  if (eo && !CARB_EO.test(eo)) errors.carbEo = REGULATED_MSG.carbEo;
  else if (emissionsStatus === 'FIFTY_STATE' && !eo) errors.carbEo = REGULATED_MSG.eoNeeded;
  else if (eo && emissionsStatus !== 'FIFTY_STATE' && !errors.emissionsStatus)
    errors.carbEo = REGULATED_MSG.eoOnlyFiftyState;
  const prop65Kind = code('prop65Kind', PROP65_KINDS);
  const chemicals = clean(form.prop65Chemicals)
    .split(CHEMICALS_SEPARATOR)
    .map((name) => name.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (prop65Kind && (chemicals.length === 0 || chemicals.length > CHEMICALS_MAX))
    errors.prop65Chemicals = REGULATED_MSG.prop65Chemicals;
  else if (chemicals.some((name) => name.length > CHEMICAL_MAX_LENGTH))
    errors.prop65Chemicals = REGULATED_MSG.prop65Chemicals;
  else if (!prop65Kind && chemicals.length > 0 && !errors.prop65Kind)
    errors.prop65Chemicals = REGULATED_MSG.chemicalsWithoutKind;
  const hazmatClass = code('hazmatClass', HAZMAT_CLASSES);
  const sizeClass = code('sizeClass', SIZE_CLASSES);
  if (Object.keys(errors).length) return { errors };
  return {
    values: {
      emissionsKind,
      emissionsStatus,
      carbEo: eo || null,
      prop65Kind,
      prop65Chemicals: prop65Kind ? JSON.stringify(chemicals) : null,
      hazmatClass,
      sizeClass,
    },
  };
}

/** The stored columns as the editor and the CSV export write them (chemicals joined by semicolons). */
export function regulatedText(row: RegulatedValues): Record<RegulatedField, string> {
  let chemicals: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.prop65Chemicals ?? '[]');
    if (Array.isArray(parsed)) chemicals = parsed.filter((name): name is string => typeof name === 'string');
  } catch {
    chemicals = [];
  }
  return {
    emissionsKind: row.emissionsKind ?? '',
    emissionsStatus: row.emissionsStatus ?? '',
    carbEo: row.carbEo ?? '',
    prop65Kind: row.prop65Kind ?? '',
    prop65Chemicals: chemicals.join(`${CHEMICALS_SEPARATOR} `),
    hazmatClass: row.hazmatClass ?? '',
    sizeClass: row.sizeClass ?? '',
  };
}
