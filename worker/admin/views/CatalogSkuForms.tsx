import { type ProductForEdit, type SkuFields, skuFormValues } from '../../catalog/staff.ts';
import { CsrfField } from './CsrfField.tsx';

/** A SKU form sent back with its values and messages (invalid), to show instead of the stored values. */
export interface SkuRetry {
  id: number;
  values: Record<SkuFields, string>;
  errors: Partial<Record<SkuFields, string>>;
}

const FIELDS: { name: SkuFields; label: string; hint?: string }[] = [
  { name: 'priceUsd', label: 'Price (USD)' },
  { name: 'originalUsd', label: 'Original price (USD)', hint: 'empty: same as the price' },
  { name: 'priceCad', label: 'Price (CAD)' },
  { name: 'originalCad', label: 'Original price (CAD)', hint: 'empty: same as the price' },
  { name: 'stock', label: 'Stock' },
  { name: 'coreUsd', label: 'Core charge (USD)', hint: 'empty: no core' },
  { name: 'coreCad', label: 'Core charge (CAD)', hint: 'empty: no core' },
];

type Sku = ProductForEdit['skus'][number];

function SkuForm(props: { itemId: number; sku: Sku; csrf: string; retry?: SkuRetry; editable: boolean }) {
  const { sku } = props;
  const values = props.retry?.values ?? skuFormValues(sku);
  const errors = props.retry?.errors ?? {};
  const id = (field: string) => `sku-${sku.id}-${field}`;
  return (
    <form
      method="post"
      action={`/admin/catalog/${props.itemId}/skus/${sku.id}`}
      className="sku"
      aria-label={`SKU ${sku.skuCode}`}
      data-sku={sku.skuCode}
    >
      <h3>
        {sku.skuCode}
        {sku.color && <span className="muted">{` · ${sku.color}`}</span>}
      </h3>
      <CsrfField value={props.csrf} />
      <input type="hidden" name="version" value={sku.version} />
      <input type="hidden" name="shownStock" value={sku.stock} />
      <div className="sku-grid">
        {FIELDS.map((field) => (
          <div key={field.name}>
            <label htmlFor={id(field.name)}>{field.label}</label>
            <input
              id={id(field.name)}
              name={field.name}
              defaultValue={values[field.name]}
              inputMode={field.name === 'stock' ? 'numeric' : 'decimal'}
              placeholder={field.hint}
              disabled={!props.editable}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={errors[field.name] ? id(`${field.name}-error`) : undefined}
            />
            {errors[field.name] && (
              <p className="error" id={id(`${field.name}-error`)} role="alert">
                {errors[field.name]}
              </p>
            )}
          </div>
        ))}
        {props.editable && <button type="submit">Save SKU</button>}
      </div>
    </form>
  );
}

/** Each SKU's prices per currency and stock, one form each (a change to one never touches another). */
export function CatalogSkuForms(props: { product: ProductForEdit; csrf: string; editable: boolean; retry?: SkuRetry }) {
  const { product } = props;
  return (
    <section aria-labelledby="skus-heading">
      <h2 id="skus-heading">SKUs, prices and stock</h2>
      {!props.editable && <p className="muted">Your role may not change prices or stock.</p>}
      {product.skus.length === 0 && <p className="panel">This product has no SKUs.</p>}
      {product.skus.map((sku) => (
        <SkuForm
          key={sku.id}
          itemId={product.item.id}
          sku={sku}
          csrf={props.csrf}
          editable={props.editable}
          retry={props.retry?.id === sku.id ? props.retry : undefined}
        />
      ))}
    </section>
  );
}
