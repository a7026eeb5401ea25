import type { AdminPromotion } from '../../promotions/staff.ts';
import { BATCH_MAX } from '../../promotions/staff.ts';
import { CsrfField } from './CsrfField.tsx';

export interface BatchPanel {
  summary: { total: number; used: number };
  formKey: string;
  errors?: { count?: string; prefix?: string; batch?: string };
}

/**
 * A code promotion's single-use codes: how many there are and are used, the CSV, and a form for
 * more. A code of a batch points back to its promotion instead.
 */
export function PromotionBatches(props: { promotion: AdminPromotion; csrf: string; panel: BatchPanel | null }) {
  const { promotion, panel } = props;
  if (promotion.batchParentId !== null)
    return (
      <p className="panel" data-batch-child>
        A single-use code of <a href={`/admin/promotions/${promotion.batchParentId}`}>its promotion</a>: edit and pause
        it there.
      </p>
    );
  if (promotion.source !== 'PROMOTION_CODE' || !panel)
    return panel?.errors?.batch ? (
      <p className="error" role="alert">
        {panel.errors.batch}
      </p>
    ) : null;
  const errors = panel.errors ?? {};
  return (
    <section className="panel" aria-labelledby="batches-heading">
      <h2 id="batches-heading">Single-use codes</h2>
      <p data-batch-summary>
        {panel.summary.total === 0
          ? 'None yet. Each code made here works for one order, with this promotion’s discount, dates and scope.'
          : `${panel.summary.total} codes, ${panel.summary.used} used.`}{' '}
        {panel.summary.total > 0 && (
          <a href={`/admin/promotions/${promotion.id}/codes.csv`}>Download the codes (CSV)</a>
        )}
      </p>
      {errors.batch && (
        <p className="error" role="alert">
          {errors.batch}
        </p>
      )}
      <form method="post" action={`/admin/promotions/${promotion.id}/codes`} aria-label="Make single-use codes">
        <CsrfField value={props.csrf} />
        <input type="hidden" name="_key" value={panel.formKey} />
        <div className="form-grid">
          <div>
            <label htmlFor="batch-count">How many (1 to {BATCH_MAX})</label>
            <input id="batch-count" name="count" inputMode="numeric" aria-invalid={errors.count ? true : undefined} />
            {errors.count && (
              <p className="error" role="alert">
                {errors.count}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="batch-prefix">Prefix (optional)</label>
            <input id="batch-prefix" name="prefix" maxLength={8} aria-invalid={errors.prefix ? true : undefined} />
            {errors.prefix && (
              <p className="error" role="alert">
                {errors.prefix}
              </p>
            )}
          </div>
        </div>
        <p>
          <button type="submit">Make codes</button>
        </p>
      </form>
    </section>
  );
}
