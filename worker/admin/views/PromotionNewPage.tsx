import type { CreateField, CreateForm } from '../../promotions/staff.ts';
import { CsrfField } from './CsrfField.tsx';

type Errors = Partial<Record<CreateField, string>>;

/** An empty form: an automatic percent off everything, in both markets, from now on. */
export const NEW_PROMOTION_FORM: CreateForm = {
  name: '',
  source: 'AUTO_DISCOUNT',
  code: '',
  discountType: 'PERCENT',
  discountValue: '',
  thresholdType: 'NO_THRESHOLD',
  thresholdValue: '',
  maxDiscount: '',
  categories: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  market: '',
  memberOnly: '',
  addOns: '',
  giftPart: '',
  giftQuantity: '1',
};

function Message({ field, errors }: { field: CreateField; errors: Errors }) {
  const error = errors[field];
  return error ? (
    <p className="error" id={`new-${field}-error`} role="alert">
      {error}
    </p>
  ) : null;
}

/** The input's error wiring: marked invalid and described by its message. */
const invalid = (field: CreateField, errors: Errors) =>
  errors[field] ? { 'aria-invalid': true, 'aria-describedby': `new-${field}-error` } : {};

function Input(props: {
  field: CreateField;
  label: string;
  hint?: string;
  type?: string;
  values: CreateForm;
  errors: Errors;
}) {
  const { field, values, errors } = props;
  return (
    <div>
      <label htmlFor={`new-${field}`}>{props.label}</label>
      <input
        id={`new-${field}`}
        name={field}
        type={props.type ?? 'text'}
        defaultValue={values[field]}
        {...invalid(field, errors)}
      />
      {props.hint && <small>{props.hint}</small>}
      <Message field={field} errors={errors} />
    </div>
  );
}

function Choice(props: {
  field: CreateField;
  label: string;
  options: [string, string][];
  values: CreateForm;
  errors: Errors;
}) {
  const { field, values, errors } = props;
  return (
    <div>
      <label htmlFor={`new-${field}`}>{props.label}</label>
      <select id={`new-${field}`} name={field} defaultValue={values[field]} {...invalid(field, errors)}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <Message field={field} errors={errors} />
    </div>
  );
}

/** A new promotion: what kind, what it gives, from what minimum, on which parts, where and when. */
export function PromotionNewPage(props: { csrf: string; formKey: string; values?: CreateForm; errors?: Errors }) {
  const values = props.values ?? NEW_PROMOTION_FORM;
  const errors = props.errors ?? {};
  const shared = { values, errors };
  return (
    <section>
      <p>
        <a href="/admin/promotions">All promotions</a>
      </p>
      <h1>New promotion</h1>
      {Object.keys(errors).length > 0 && (
        <p className="error" role="alert">
          The promotion was not created. Please correct the fields marked below.
        </p>
      )}
      <form method="post" action="/admin/promotions/new" className="panel" aria-label="New promotion">
        <CsrfField value={props.csrf} />
        <input type="hidden" name="_key" value={props.formKey} />
        <div className="form-grid">
          <Input field="name" label="Name (shoppers read it in the cart)" {...shared} />
          <Choice
            field="source"
            label="Kind"
            options={[
              ['AUTO_DISCOUNT', 'Automatic (no code)'],
              ['PROMOTION_CODE', 'Code shoppers type'],
              ['COUPON', 'Member coupon (claimed into the wallet)'],
            ]}
            {...shared}
          />
          <Input field="code" label="Code" hint="For a code: 3 to 20 letters, digits or dashes." {...shared} />
          <Choice
            field="discountType"
            label="Gives"
            options={[
              ['PERCENT', 'Percent off'],
              ['FIXED_AMOUNT', 'Amount off'],
              ['FREE_SHIPPING', 'Free shipping'],
              ['ADD_ON', 'Add-on prices (buy a part, add others for less)'],
              ['GIFT', 'A free gift'],
            ]}
            {...shared}
          />
          <Input
            field="discountValue"
            label="Value (percent, or dollars)"
            hint="Not used for free shipping."
            {...shared}
          />
          <Input
            field="maxDiscount"
            label="Most it takes off (dollars)"
            hint="Percent off only; empty for no cap."
            {...shared}
          />
          <div>
            <label htmlFor="new-addOns">Add-on parts</label>
            <textarea
              id="new-addOns"
              name="addOns"
              rows={3}
              defaultValue={values.addOns}
              {...invalid('addOns', errors)}
            />
            <small>
              For add-on prices, one per line: a part number and a percent off or a price (BF-100 40% max 2).
            </small>
            <Message field="addOns" errors={errors} />
          </div>
          <Input field="giftPart" label="Free gift (part number)" hint="For a free gift." {...shared} />
          <Input field="giftQuantity" label="Gifts per order" {...shared} />
          <Choice
            field="thresholdType"
            label="Minimum"
            options={[
              ['NO_THRESHOLD', 'None'],
              ['AMOUNT', 'A minimum spend'],
              ['QUANTITY', 'A minimum number of items'],
            ]}
            {...shared}
          />
          <Input field="thresholdValue" label="Minimum (dollars, or items)" {...shared} />
          <div>
            <label htmlFor="new-categories">Only these categories (handles)</label>
            <textarea
              id="new-categories"
              name="categories"
              rows={2}
              defaultValue={values.categories}
              {...invalid('categories', errors)}
            />
            <small>Empty: every part. For example: brake-pads, brake-rotors</small>
            <Message field="categories" errors={errors} />
          </div>
          <Choice
            field="market"
            label="Market"
            options={[
              ['', 'Both'],
              ['us', 'US'],
              ['ca', 'Canada'],
            ]}
            {...shared}
          />
          <Input field="startsAt" label="Starts (UTC)" type="datetime-local" {...shared} />
          <Input field="endsAt" label="Ends (UTC)" type="datetime-local" {...shared} />
          <Input field="usageLimit" label="Usage limit (orders)" {...shared} />
          <Input field="perCustomerLimit" label="Per-customer limit" {...shared} />
          <div>
            <label>
              <input type="checkbox" name="memberOnly" defaultChecked={values.memberOnly === 'on'} /> Members only
            </label>
          </div>
        </div>
        <p>
          <button type="submit">Create promotion</button>
        </p>
      </form>
    </section>
  );
}
