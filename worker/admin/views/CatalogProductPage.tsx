import { ITEM_STATUSES } from '../../../shared/item-status.ts';
import { ITEM_CONTENT_MAX, ITEM_TITLE_MAX, type ProductFields, type ProductForEdit } from '../../catalog/staff.ts';
import { CatalogSkuForms, type SkuRetry } from './CatalogSkuForms.tsx';
import { CatalogStyles } from './CatalogStyles.tsx';
import { CatalogRegulatedForm, type RegulatedRetry } from './CatalogRegulatedForm.tsx';
import type { RegulatedField } from '../../../shared/regulated-fields.ts';
import { CsrfField } from './CsrfField.tsx';

type ProductErrors = Partial<Record<ProductFields, string>>;

/** What the page shows besides the stored product: a notice, a refusal, or a form sent back with its messages. */
export interface ProductPageState {
  notice?: string | null;
  problem?: string | null;
  productForm?: Record<ProductFields, string>;
  productErrors?: ProductErrors;
  imageError?: string;
  imageUrl?: string;
  sku?: SkuRetry;
  regulated?: RegulatedRetry;
}

const STATUS_FIELDS: { name: 'status' | 'usStatus' | 'caStatus'; label: string }[] = [
  { name: 'status', label: 'Status' },
  { name: 'usStatus', label: 'US status' },
  { name: 'caStatus', label: 'Canada status' },
];

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="error" id={id} role="alert">
      {message}
    </p>
  );
}

function ProductForm(props: {
  product: ProductForEdit;
  csrf: string;
  values?: Record<ProductFields, string>;
  errors: ProductErrors;
}) {
  const { item } = props.product;
  const values = props.values ?? item;
  const invalid = (field: ProductFields) =>
    props.errors[field] ? { 'aria-invalid': true, 'aria-describedby': `product-${field}-error` } : {};
  return (
    <form method="post" action={`/admin/catalog/${item.id}`} className="panel" aria-label="Product">
      <CsrfField value={props.csrf} />
      <input type="hidden" name="version" value={item.version} />
      <div className="edit-grid">
        <div className="wide">
          <label htmlFor="product-title">{`Title (up to ${ITEM_TITLE_MAX} characters)`}</label>
          <input
            id="product-title"
            name="title"
            defaultValue={values.title}
            maxLength={ITEM_TITLE_MAX + 50}
            {...invalid('title')}
          />
          <FieldError id="product-title-error" message={props.errors.title} />
        </div>
        <div className="wide">
          <label htmlFor="product-detailContent">Description</label>
          <textarea
            id="product-detailContent"
            name="detailContent"
            defaultValue={values.detailContent}
            maxLength={ITEM_CONTENT_MAX + 1000}
            {...invalid('detailContent')}
          />
          <FieldError id="product-detailContent-error" message={props.errors.detailContent} />
        </div>
        {STATUS_FIELDS.map((field) => (
          <div key={field.name}>
            <label htmlFor={`product-${field.name}`}>{field.label}</label>
            <select
              id={`product-${field.name}`}
              name={field.name}
              defaultValue={values[field.name]}
              {...invalid(field.name)}
            >
              {ITEM_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
            <FieldError id={`product-${field.name}-error`} message={props.errors[field.name]} />
          </div>
        ))}
      </div>
      <p>
        <button type="submit">Save product</button>
      </p>
    </form>
  );
}

/** One small form of the image list: an action on the image at `index`. */
function ImageAction(props: {
  itemId: number;
  version: number;
  csrf: string;
  action: string;
  index: number;
  label: string;
  disabled?: boolean;
}) {
  return (
    <form method="post" action={`/admin/catalog/${props.itemId}/images`}>
      <CsrfField value={props.csrf} />
      <input type="hidden" name="version" value={props.version} />
      <input type="hidden" name="index" value={props.index} />
      <button type="submit" name="action" value={props.action} className="secondary" disabled={props.disabled}>
        {props.label}
      </button>
    </form>
  );
}

function Images(props: { product: ProductForEdit; csrf: string; error?: string; url?: string }) {
  const { item, images } = props.product;
  const common = { itemId: item.id, version: item.version, csrf: props.csrf };
  return (
    <section aria-labelledby="images-heading">
      <h2 id="images-heading">Images</h2>
      <p className="muted">The first image is the main one.</p>
      <ol className="images">
        {images.map((image, index) => (
          <li key={image.url} data-image={image.url}>
            <img src={image.url} alt={image.title ?? ''} width={150} height={150} loading="lazy" />
            <span className="url">{image.url}</span>
            <span style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
              <ImageAction {...common} action="up" index={index} label="Move up" disabled={index === 0} />
              <ImageAction
                {...common}
                action="down"
                index={index}
                label="Move down"
                disabled={index === images.length - 1}
              />
              <ImageAction {...common} action="remove" index={index} label="Remove" />
            </span>
          </li>
        ))}
      </ol>
      <form
        method="post"
        action={`/admin/catalog/${item.id}/images`}
        className="inline add-image"
        aria-label="Add an image"
      >
        <CsrfField value={props.csrf} />
        <input type="hidden" name="version" value={item.version} />
        <label htmlFor="image-url">Image URL</label>
        <input
          id="image-url"
          name="url"
          placeholder="/static/parts/brake-pads-front.svg"
          defaultValue={props.url}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? 'image-url-error' : undefined}
        />
        <button type="submit" name="action" value="add">
          Add image
        </button>
      </form>
      <form
        method="post"
        action={`/admin/catalog/${item.id}/photos`}
        encType="multipart/form-data"
        className="inline add-image"
        aria-label="Upload a photo"
      >
        <CsrfField value={props.csrf} />
        <input type="hidden" name="version" value={item.version} />
        <label htmlFor="image-photo">Photo (JPEG, PNG or WebP, up to 5 MB)</label>
        <input id="image-photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp" required />
        <button type="submit">Upload photo</button>
      </form>
      <FieldError id="image-url-error" message={props.error} />
    </section>
  );
}

/** One product to edit: title, description, statuses per market, images, and each SKU's prices and stock. */
export function CatalogProductPage(props: {
  product: ProductForEdit;
  regulated: Record<RegulatedField, string>;
  csrf: string;
  mayEditPrices: boolean;
  state: ProductPageState;
}) {
  const { product, state } = props;
  const { item } = product;
  return (
    <section className="catalog-admin">
      <CatalogStyles />
      <p className="actions">
        <a href="/admin/catalog">All products</a>
        {item.urlHandle && (
          <a href={`/product/${item.urlHandle}`} target="_blank" rel="noreferrer">
            View in the shop
          </a>
        )}
      </p>
      <h1>{item.title}</h1>
      <p className="muted">{`Product ${item.id} · ${item.category}`}</p>
      {state.notice && (
        <p className="ok" role="status">
          {state.notice}
        </p>
      )}
      {state.problem && (
        <p className="error" role="alert">
          {state.problem}
        </p>
      )}
      <ProductForm product={product} csrf={props.csrf} values={state.productForm} errors={state.productErrors ?? {}} />
      <CatalogRegulatedForm
        itemId={item.id}
        version={item.version}
        csrf={props.csrf}
        stored={props.regulated}
        retry={state.regulated}
      />
      <Images product={product} csrf={props.csrf} error={state.imageError} url={state.imageUrl} />
      <CatalogSkuForms product={product} csrf={props.csrf} editable={props.mayEditPrices} retry={state.sku} />
    </section>
  );
}
