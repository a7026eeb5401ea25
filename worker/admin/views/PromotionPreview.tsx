import { Fragment } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import { pricingReceipt, receiptRows } from '../../../shared/receipt.ts';
import type { PreviewResult } from '../../promotions/staff.ts';

/** The sample cart is priced with Standard Shipping and before any tax. */
const PREVIEW_WORDING = { shipping: 'Standard Shipping', total: 'Total before tax' };

/** What the preview form was sent with, to fill it again. */
export interface PreviewQuery {
  market: string;
  member: boolean;
  lines: string;
}

/** The sample cart form (a GET: previewing changes nothing) and, once sent, what that cart gets. */
export function PromotionPreview(props: {
  promotionId: number;
  query: PreviewQuery | null;
  result: PreviewResult | null;
}) {
  const query = props.query ?? { market: 'us', member: false, lines: '' };
  const result = props.result;
  return (
    <section className="panel" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview with a sample cart</h2>
      <form method="get" action={`/admin/promotions/${props.promotionId}#preview-heading`} aria-label="Preview">
        <input type="hidden" name="preview" value="1" />
        <div className="form-grid">
          <div>
            <label htmlFor="preview-lines">Parts (one per line: part number and quantity)</label>
            <textarea id="preview-lines" name="lines" rows={4} defaultValue={query.lines} />
          </div>
          <div>
            <label htmlFor="preview-market">Market</label>
            <select id="preview-market" name="market" defaultValue={query.market}>
              <option value="us">US</option>
              <option value="ca">Canada</option>
            </select>
          </div>
          <div>
            <label>
              <input type="checkbox" name="member" defaultChecked={query.member} /> Signed-in member
            </label>
          </div>
        </div>
        <p>
          <button type="submit">Preview</button>
        </p>
      </form>
      {result && !result.ok && (
        <p className="error" role="alert" data-preview-error>
          {result.error}
        </p>
      )}
      {result?.ok && <PreviewAnswer result={result} />}
    </section>
  );
}

function PreviewAnswer({ result }: { result: Extract<PreviewResult, { ok: true }> }) {
  const { pricing } = result;
  const money = (cent: number) => formatMoney({ cent, currency: pricing.currency });
  return (
    <div data-preview>
      <p>
        <small>Priced as at {new Date(result.pricedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC.</small>
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {result.lines.map((line) => (
            <tr key={line.partNumber}>
              <td>
                {line.partNumber} <small>{line.title}</small>
              </td>
              <td>{line.quantity}</td>
              <td>{money(line.unitCent * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl>
        {receiptRows(pricingReceipt(pricing), PREVIEW_WORDING).map((row, index) =>
          row.kind === 'discount' ? (
            <div key={index} data-preview-adjustment>
              <dt>{row.label}</dt>
              <dd>
                {money(row.amount)} <small>{row.detail}</small>
              </dd>
            </div>
          ) : (
            <Fragment key={index}>
              <dt>{row.label}</dt>
              <dd data-preview-total={row.kind === 'total' || undefined}>{money(row.amount)}</dd>
            </Fragment>
          ),
        )}
      </dl>
      {pricing.adjustments.length === 0 && <p data-preview-none>This cart gets nothing from this promotion.</p>}
      {[...pricing.rejected, ...pricing.hints].map((note) => (
        <p key={note.reason} data-preview-reason>
          {note.reason}
        </p>
      ))}
    </div>
  );
}
