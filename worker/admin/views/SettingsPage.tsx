import type { SettingsErrors, SettingsField, SettingsForm } from '../settings-editor.ts';
import { CsrfField } from './CsrfField.tsx';

function Message({ field, errors }: { field: SettingsField; errors: SettingsErrors }) {
  const error = errors[field];
  return error ? (
    <p className="error" id={`settings-${field}-error`} role="alert">
      {error}
    </p>
  ) : null;
}

const invalid = (field: SettingsField, errors: SettingsErrors) =>
  errors[field] ? { 'aria-invalid': true, 'aria-describedby': `settings-${field}-error` } : {};

function Input(props: {
  field: SettingsField;
  label: string;
  type?: string;
  form: SettingsForm;
  errors: SettingsErrors;
}) {
  const { field, form, errors } = props;
  return (
    <div>
      <label htmlFor={`settings-${field}`}>{props.label}</label>
      <input
        id={`settings-${field}`}
        name={field}
        type={props.type ?? 'text'}
        defaultValue={form[field]}
        {...invalid(field, errors)}
      />
      <Message field={field} errors={errors} />
    </div>
  );
}

function Switch(props: { field: SettingsField; label: string; form: SettingsForm }) {
  return (
    <div>
      <label>
        <input type="checkbox" name={props.field} defaultChecked={props.form[props.field] === 'on'} /> {props.label}
      </label>
    </div>
  );
}

/** The merchandising settings: the site-wide notice, the header colour, Black Friday's window and code. */
export function SettingsPage(props: {
  csrf: string;
  form: SettingsForm;
  version: string;
  errors?: SettingsErrors;
  notice?: string | null;
}) {
  const { form } = props;
  const errors = props.errors ?? {};
  const shared = { form, errors };
  return (
    <section>
      <p>
        <a href="/admin/content">Content</a>
      </p>
      <h1>Storefront settings</h1>
      {props.notice && (
        <p className="ok" role="status">
          {props.notice}
        </p>
      )}
      {errors.form && (
        <p className="error" role="alert">
          {errors.form}
        </p>
      )}
      <form method="post" action="/admin/settings" aria-label="Storefront settings">
        <CsrfField value={props.csrf} />
        <input type="hidden" name="_version" value={props.version} />
        <fieldset className="panel">
          <legend>Site-wide notice</legend>
          <p className="hint">
            A line under the header on every storefront page, for example a holiday shipping cut-off.
          </p>
          <div className="form-grid">
            <Switch field="noticeActive" label="Show the notice" form={form} />
            <Input field="noticeText" label="Notice" {...shared} />
          </div>
        </fieldset>
        <fieldset className="panel">
          <legend>Header</legend>
          <div className="form-grid">
            <Input field="navBarBackground" label="Navigation bar background (#rrggbb)" {...shared} />
          </div>
        </fieldset>
        <fieldset className="panel">
          <legend>Black Friday</legend>
          <p className="hint">
            While on, these set the Black Friday campaign page's dates and the code it advertises; the code must be a
            live promotion code in both markets for those dates.
          </p>
          <div className="form-grid">
            <Switch field="bfActive" label="Use these dates" form={form} />
            <Input field="bfStart" label="Starts (UTC)" type="datetime-local" {...shared} />
            <Input field="bfEnd" label="Ends (UTC)" type="datetime-local" {...shared} />
            <Switch field="bfCodeActive" label="Advertise this code" form={form} />
            <Input field="bfCode" label="Black Friday code" {...shared} />
          </div>
        </fieldset>
        <p>
          <button type="submit">Save settings</button>
        </p>
      </form>
    </section>
  );
}
