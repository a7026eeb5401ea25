import { HOME_SECTIONS } from '../../../shared/content/home.ts';
import type { FieldSpec } from '../content-entries.ts';
import type { FormErrors, Input } from '../content-form.ts';

const MARKET_LABEL = { us: 'US', ca: 'Canada' } as const;
const asText = (input: Input | undefined) => (Array.isArray(input) ? (input[0] ?? '') : (input ?? ''));
const asList = (input: Input | undefined) => (Array.isArray(input) ? input : input ? [input] : []);
const domId = (name: string) => `content-${name.replace(/[^A-Za-z0-9-]/g, '-')}`;

/** The message under an input, tied to it for screen readers. */
function Message({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <p className="error" id={`${domId(name)}-error`}>
      {error}
    </p>
  );
}

/** The home page's blocks: a tick for each shown one, and its position. */
function Sections({ value }: { value: Input | undefined }) {
  const shown = asList(value);
  const order = [...shown, ...HOME_SECTIONS.filter((section) => !shown.includes(section))];
  return (
    <ol className="content-sections">
      {order.map((section) => {
        const position = shown.indexOf(section);
        return (
          <li key={section}>
            <label>
              <input type="checkbox" name={`section.${section}`} value="on" defaultChecked={position >= 0} />
              {section}
            </label>
            <input
              type="number"
              min={1}
              max={HOME_SECTIONS.length}
              name={`section.${section}.position`}
              defaultValue={position >= 0 ? position + 1 : ''}
              aria-label={`Position of ${section}`}
              className="qty"
            />
          </li>
        );
      })}
    </ol>
  );
}

function Markets({ name, value }: { name: string; value: Input | undefined }) {
  const ticked = asList(value);
  return (
    <span className="content-markets">
      {(['us', 'ca'] as const).map((market) => (
        <label key={market}>
          <input type="checkbox" name={name} value={market} defaultChecked={ticked.includes(market)} />
          {MARKET_LABEL[market]}
        </label>
      ))}
    </span>
  );
}

/** One field's input as its kind asks: text, a UTC datetime-local, market ticks, one line per entry, JSON. */
function Control({ field, name, value, error }: { field: FieldSpec; name: string; value?: Input; error?: string }) {
  const common = {
    id: domId(name),
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${domId(name)}-error` : undefined,
    lang: field.french ? 'fr' : undefined,
  };
  switch (field.kind) {
    case 'checkbox':
      return <input type="checkbox" {...common} value="on" defaultChecked={asText(value) === 'on'} />;
    case 'time':
      return <input type="datetime-local" {...common} defaultValue={asText(value)} />;
    case 'select':
      return (
        <select {...common} defaultValue={asText(value)}>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option || '—'}
            </option>
          ))}
        </select>
      );
    case 'textarea':
    case 'lines':
    case 'json':
      return <textarea {...common} rows={field.kind === 'json' ? 10 : 3} defaultValue={asText(value)} />;
    default:
      return <input type="text" {...common} defaultValue={asText(value)} readOnly={field.readOnly} />;
  }
}

/** A field with its label, hint and message; `prefix` names the inputs (`f.` or `i.<index>.`). */
export function ContentField(props: { field: FieldSpec; prefix: string; value?: Input; errors: FormErrors }) {
  const { field } = props;
  const name = `${props.prefix}${field.name}`;
  const error = props.errors[name];
  const wide = ['textarea', 'lines', 'json', 'sections'].includes(field.kind);
  return (
    <div className={wide ? 'content-field wide' : 'content-field'} data-field={field.name}>
      {field.kind === 'markets' || field.kind === 'sections' ? (
        <span className="content-label">{field.label}</span>
      ) : (
        <label htmlFor={domId(name)}>{field.label}</label>
      )}
      {field.kind === 'markets' ? (
        <Markets name={name} value={props.value} />
      ) : field.kind === 'sections' ? (
        <Sections value={props.value} />
      ) : (
        <Control field={field} name={name} value={props.value} error={error} />
      )}
      {field.hint && <span className="hint">{field.hint}</span>}
      <Message name={name} error={error} />
    </div>
  );
}
