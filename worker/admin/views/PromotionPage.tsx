import type { AdminPromotion, BasicsField, BasicsForm } from '../../promotions/staff.ts';
import { CsrfField } from './CsrfField.tsx';
import { type BatchPanel, PromotionBatches } from './PromotionBatches.tsx';
import { PromotionPreview, type PreviewQuery } from './PromotionPreview.tsx';
import type { PreviewResult } from '../../promotions/staff.ts';

export const SOURCE_LABEL: Record<string, string> = {
  AUTO_DISCOUNT: 'Automatic',
  PROMOTION_CODE: 'Code',
  COUPON: 'Coupon',
};

/** Epoch seconds as a datetime-local value in UTC ('' for none). */
export const dateTimeUtc = (seconds: number | null) =>
  seconds === null ? '' : new Date(seconds * 1000).toISOString().slice(0, 16);
export const limitText = (limit: number | null) => (limit === null ? 'no limit' : `${limit}`);
export const marketText = (market: string | null) => (market === 'us' ? 'US' : market === 'ca' ? 'Canada' : 'Both');
const dollars = (cents: number) => (cents / 100).toFixed(2);
const optional = (value: number | null) => (value === null ? '' : `${value}`);

/** The form's values as stored now. */
function valuesOf(promotion: AdminPromotion): BasicsForm {
  return {
    name: promotion.name,
    discountValue:
      promotion.discountType === 'FIXED_AMOUNT' ? dollars(promotion.discountValue) : `${promotion.discountValue}`,
    thresholdValue:
      promotion.thresholdType === 'AMOUNT' ? dollars(promotion.thresholdValue) : `${promotion.thresholdValue}`,
    startsAt: dateTimeUtc(promotion.startsAt),
    endsAt: dateTimeUtc(promotion.endsAt),
    usageLimit: optional(promotion.usageLimit),
    perCustomerLimit: optional(promotion.perCustomerLimit),
    market: promotion.market ?? '',
  };
}

type Errors = Partial<Record<BasicsField, string>>;

/** One labelled input with its message under it. */
function Field(props: { name: BasicsField; label: string; type?: string; values: BasicsForm; errors: Errors }) {
  const error = props.errors[props.name];
  return (
    <div>
      <label htmlFor={`promotion-${props.name}`}>{props.label}</label>
      <input
        id={`promotion-${props.name}`}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.values[props.name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `promotion-${props.name}-error` : undefined}
      />
      {error && (
        <p className="error" id={`promotion-${props.name}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function valueLabel(promotion: AdminPromotion): string | null {
  if (promotion.discountType === 'PERCENT') return 'Percent off';
  if (promotion.discountType === 'FIXED_AMOUNT') return 'Amount off (dollars)';
  return null;
}

function thresholdLabel(promotion: AdminPromotion): string | null {
  if (promotion.thresholdType === 'AMOUNT') return 'Minimum spend (dollars)';
  if (promotion.thresholdType === 'QUANTITY') return 'Minimum items';
  return null;
}

function BasicsEditor(props: { promotion: AdminPromotion; csrf: string; values: BasicsForm; errors: Errors }) {
  const { promotion, values, errors } = props;
  const value = valueLabel(promotion);
  const threshold = thresholdLabel(promotion);
  const marketError = errors.market;
  return (
    <form method="post" action={`/admin/promotions/${promotion.id}`} className="panel" aria-label="Edit promotion">
      <h2>Edit</h2>
      <CsrfField value={props.csrf} />
      <div className="form-grid">
        <Field name="name" label="Name" values={values} errors={errors} />
        {value && <Field name="discountValue" label={value} values={values} errors={errors} />}
        {threshold && <Field name="thresholdValue" label={threshold} values={values} errors={errors} />}
        <Field name="startsAt" label="Starts (UTC)" type="datetime-local" values={values} errors={errors} />
        <Field name="endsAt" label="Ends (UTC)" type="datetime-local" values={values} errors={errors} />
        <Field name="usageLimit" label="Usage limit" values={values} errors={errors} />
        <Field name="perCustomerLimit" label="Per-customer limit" values={values} errors={errors} />
        <div>
          <label htmlFor="promotion-market">Market</label>
          <select
            id="promotion-market"
            name="market"
            defaultValue={values.market}
            aria-invalid={marketError ? true : undefined}
          >
            <option value="">Both</option>
            <option value="us">US</option>
            <option value="ca">Canada</option>
          </select>
          {marketError && (
            <p className="error" role="alert">
              {marketError}
            </p>
          )}
        </div>
      </div>
      {!value && <input type="hidden" name="discountValue" value={values.discountValue} />}
      {!threshold && <input type="hidden" name="thresholdValue" value={values.thresholdValue} />}
      <p>
        <button type="submit">Save changes</button>
      </p>
    </form>
  );
}

/** One promotion: what it is, its status with Pause or Resume, and its basics to edit. */
export function PromotionPage(props: {
  promotion: AdminPromotion;
  csrf: string;
  notice?: string | null;
  form?: BasicsForm;
  errors?: Errors;
  preview?: { query: PreviewQuery | null; result: PreviewResult | null };
  batches?: BatchPanel | null;
}) {
  const { promotion } = props;
  const paused = promotion.paused === 1;
  return (
    <section>
      <p>
        <a href="/admin/promotions">All promotions</a>
      </p>
      <h1>{promotion.name}</h1>
      {props.notice && (
        <p className="ok" role="status">
          {props.notice}
        </p>
      )}
      <dl className="panel">
        <dt>Status</dt>
        <dd data-status={promotion.status}>{promotion.status}</dd>
        <dt>Code</dt>
        <dd>{promotion.code ?? '—'}</dd>
        <dt>Source</dt>
        <dd>{SOURCE_LABEL[promotion.source] ?? promotion.source}</dd>
        <dt>Gives</dt>
        <dd>{promotion.gives}</dd>
        <dt>Market</dt>
        <dd>{marketText(promotion.market)}</dd>
        <dt>Used</dt>
        <dd>{`${promotion.usedCount} / ${limitText(promotion.usageLimit)}`}</dd>
      </dl>
      <form
        method="post"
        action={`/admin/promotions/${promotion.id}/${paused ? 'resume' : 'pause'}`}
        className="inline"
      >
        <CsrfField value={props.csrf} />
        <button type="submit" className={paused ? undefined : 'secondary'}>
          {paused ? 'Resume' : 'Pause'}
        </button>
      </form>
      <BasicsEditor
        promotion={promotion}
        csrf={props.csrf}
        values={props.form ?? valuesOf(promotion)}
        errors={props.errors ?? {}}
      />
      <PromotionBatches promotion={promotion} csrf={props.csrf} panel={props.batches ?? null} />
      <PromotionPreview
        promotionId={promotion.id}
        query={props.preview?.query ?? null}
        result={props.preview?.result ?? null}
      />
    </section>
  );
}
