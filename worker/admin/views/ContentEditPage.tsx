import type { ContentEntry } from '../content-entries.ts';
import type { FormErrors, FormState } from '../content-form.ts';
import { ContentField } from './ContentFields.tsx';
import { ContentStyles } from './ContentStyles.tsx';
import { CsrfField } from './CsrfField.tsx';

export interface ContentEditView {
  entry: ContentEntry;
  form: FormState;
  version: string;
  csrf: string;
  errors: FormErrors;
  /** A notice at the top: published, refused as stale, or the list changed but not yet saved. */
  notice?: { kind: 'ok' | 'error' | 'notice'; text: string } | null;
  /** How long other edge locations take to show a published change. */
  cacheTime: string;
}

/** One item's fieldset with its fields and the buttons that move or remove it. */
function ItemFieldset(props: { view: ContentEditView; index: number; last: boolean }) {
  const { view, index } = props;
  const item = view.form.items[index] ?? {};
  const itemError = view.errors[`i.${index}._item`];
  return (
    <fieldset className="content-item" aria-label={`Item ${index + 1}`}>
      <legend>{`Item ${index + 1}`}</legend>
      <div className="content-grid">
        {view.entry.list!.fields.map((field) => (
          <ContentField
            key={field.name}
            field={field}
            prefix={`i.${index}.`}
            value={item[field.name]}
            errors={view.errors}
          />
        ))}
      </div>
      {itemError && <p className="error">{itemError}</p>}
      <p className="inline content-moves">
        <button type="submit" name="op" value={`up:${index}`} className="secondary" disabled={index === 0}>
          Move up
        </button>
        <button type="submit" name="op" value={`down:${index}`} className="secondary" disabled={props.last}>
          Move down
        </button>
        <button type="submit" name="op" value={`remove:${index}`} className="secondary">
          Remove
        </button>
      </p>
    </fieldset>
  );
}

/** The blank fieldset: filled in, it becomes a new item at the end. */
function NewItemFieldset({ view }: { view: ContentEditView }) {
  const index = view.form.items.length;
  return (
    <fieldset className="content-item content-new" aria-label="New item">
      <legend>Add an item</legend>
      <div className="content-grid">
        {view.entry.list!.fields.map((field) => (
          <ContentField key={field.name} field={field} prefix={`i.${index}.`} errors={view.errors} />
        ))}
      </div>
    </fieldset>
  );
}

/** An entry's editor: its fields or items, Publish, and a preview per market in a new tab. */
export function ContentEditPage({ view }: { view: ContentEditView }) {
  const { entry, form } = view;
  const action = `/admin/content/${entry.id}`;
  return (
    <section className="content-admin">
      <ContentStyles />
      <p>
        <a href="/admin/content">All content</a>
      </p>
      <h1>{entry.label}</h1>
      {view.notice && (
        <p className={view.notice.kind} role={view.notice.kind === 'error' ? 'alert' : 'status'}>
          {view.notice.text}
        </p>
      )}
      {view.errors._form && (
        <p className="error" role="alert">
          {view.errors._form}
        </p>
      )}
      <p className="hint">
        {`Times are UTC. Publishing shows it here at once; other edge locations show it within ${view.cacheTime}.`}
      </p>
      <p className="hint">
        The fields marked (French) are what the Canadian site shows in French; left empty, it shows the English.
      </p>
      <form method="post" action={action} className="panel" aria-label={`Edit ${entry.label}`}>
        <CsrfField value={view.csrf} />
        <input type="hidden" name="_version" value={view.version} />
        {entry.fields.length > 0 && (
          <div className="content-grid">
            {entry.fields.map((field) => (
              <ContentField
                key={field.name}
                field={field}
                prefix="f."
                value={form.fields[field.name]}
                errors={view.errors}
              />
            ))}
          </div>
        )}
        {entry.list && (
          <>
            <input type="hidden" name="count" value={form.items.length} />
            {form.items.map((_, index) => (
              <ItemFieldset key={index} view={view} index={index} last={index === form.items.length - 1} />
            ))}
            <NewItemFieldset view={view} />
          </>
        )}
        <p className="inline content-actions">
          <button type="submit" name="op" value="publish">
            Publish
          </button>
          <button type="submit" name="op" value="preview-us" formTarget="_blank" className="secondary">
            Preview US
          </button>
          <button type="submit" name="op" value="preview-ca" formTarget="_blank" className="secondary">
            Preview Canada
          </button>
        </p>
      </form>
    </section>
  );
}
