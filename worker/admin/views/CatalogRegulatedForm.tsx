import { EMISSIONS_KINDS, EMISSIONS_STATUSES, PROP65_KINDS } from '../../../shared/regulated-parts.ts';
import type { RegulatedField } from '../../../shared/regulated-fields.ts';
import { HAZMAT, HAZMAT_CLASSES, SIZE_CLASSES } from '../../../shared/shipping-limits.ts';
import { CsrfField } from './CsrfField.tsx';

/** The regulated form sent back with its values and messages (invalid), to show instead of the stored values. */
export interface RegulatedRetry {
  values: Partial<Record<RegulatedField, string>>;
  errors: Partial<Record<RegulatedField, string>>;
}

const HAZMAT_LABELS: Record<string, string> = {
  LEAD_ACID_BATTERY: 'Lead-acid battery',
  AEROSOL: 'Aerosol (limited quantity)',
  FLAMMABLE_LIQUID: 'Flammable liquid (fuel additive)',
  AIRBAG_INFLATOR: 'Airbag inflator',
};

type Choice = { value: string; label: string };
const codes = (values: readonly string[]): Choice[] => values.map((value) => ({ value, label: value }));

const FIELDS: { name: RegulatedField; label: string; choices?: Choice[]; hint?: string }[] = [
  { name: 'emissionsKind', label: 'Emissions kind', choices: codes(EMISSIONS_KINDS) },
  { name: 'emissionsStatus', label: 'Emissions legal status', choices: codes(EMISSIONS_STATUSES) },
  { name: 'carbEo', label: 'CARB EO number', hint: 'FIFTY_STATE parts only, like D-193-139' },
  { name: 'prop65Kind', label: 'Prop 65 warning kind', choices: codes(PROP65_KINDS) },
  { name: 'prop65Chemicals', label: 'Prop 65 chemicals', hint: 'separated by semicolons: lead; nickel' },
  {
    name: 'hazmatClass',
    label: 'Hazardous-materials class',
    choices: HAZMAT_CLASSES.map((value) => ({
      value,
      label: `${HAZMAT_LABELS[value]} (${HAZMAT[value].un}, class ${HAZMAT[value].hazardClass})`,
    })),
  },
  {
    name: 'sizeClass',
    label: 'Size class',
    choices: SIZE_CLASSES.map((value) => ({
      value,
      label: value === 'OVERSIZE' ? 'Oversize (freight surcharge per unit)' : 'Freight only',
    })),
  },
];

/**
 * What the law and the carriers say of the product (issue 40): emissions status and CARB EO number,
 * Prop 65 listing, hazardous-materials and size classes. Empty is none.
 */
export function CatalogRegulatedForm(props: {
  itemId: number;
  version: number;
  csrf: string;
  stored: Record<RegulatedField, string>;
  retry?: RegulatedRetry;
}) {
  const values = props.retry?.values ?? props.stored;
  const errors = props.retry?.errors ?? {};
  const id = (field: string) => `regulated-${field}`;
  return (
    <form
      method="post"
      action={`/admin/catalog/${props.itemId}/regulated`}
      className="panel"
      aria-labelledby="regulated-heading"
    >
      <h2 id="regulated-heading">Regulations and shipping limits</h2>
      <CsrfField value={props.csrf} />
      <input type="hidden" name="version" value={props.version} />
      <div className="edit-grid">
        {FIELDS.map((field) => {
          const invalid = errors[field.name]
            ? { 'aria-invalid': true, 'aria-describedby': id(`${field.name}-error`) }
            : {};
          return (
            <div key={field.name}>
              <label htmlFor={id(field.name)}>{field.label}</label>
              {field.choices ? (
                <select id={id(field.name)} name={field.name} defaultValue={values[field.name] ?? ''} {...invalid}>
                  <option value="">None</option>
                  {field.choices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id(field.name)}
                  name={field.name}
                  defaultValue={values[field.name] ?? ''}
                  placeholder={field.hint}
                  {...invalid}
                />
              )}
              {errors[field.name] && (
                <p className="error" id={id(`${field.name}-error`)} role="alert">
                  {errors[field.name]}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <p>
        <button type="submit">Save regulations</button>
      </p>
    </form>
  );
}
