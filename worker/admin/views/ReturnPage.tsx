import type { ReactNode } from 'react';
import { FIT_DISPLAY, type FitStatus } from '../../../shared/fitment.ts';
import { RETURN_STATUS_LABEL } from '../../../shared/return-status.ts';
import type { StaffReturnView } from '../../returns/staff.ts';
import type { ReturnForm, ReturnProblem } from '../returns.ts';
import { placedAt } from './OrdersPage.tsx';
import { ApproveForm, AskEvidenceForm, moneyOf, ReceivedForm, RefundReturnForm, RejectForm } from './ReturnForms.tsx';

/** What the part was sold as for the order's vehicle (§4 Fit status), in a sentence staff can decide on. */
export function fitAtPurchase(fit: FitStatus | null, vehicleName: string | null): string {
  if (fit === null) return 'Not a vehicle part';
  if (fit === 'EMPTY' || vehicleName === null) return 'No vehicle chosen at purchase';
  if (fit === 'FIT') return `Sold as fitting ${vehicleName}`;
  if (fit === 'NOT_FIT') return `Sold as not fitting ${vehicleName}`;
  return `Sold with the fit uncertain for ${vehicleName} (details missing)`;
}

/** The vehicle the shopper gave: the VIN, or year, make and model. */
function shopperVehicle(vehicle: StaffReturnView['vehicle']): string | null {
  if (!vehicle) return null;
  if (vehicle.vin) return `VIN ${vehicle.vin}`;
  return [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || null;
}

const evidencePath = (uploadId: string) => `/admin/returns/evidence/${encodeURIComponent(uploadId)}`;

/** The evidence: photos as thumbnails opening full size, videos playable in the page. */
function Evidence({ view }: { view: StaffReturnView }) {
  if (view.evidence.length === 0) return <p className="panel">No files.</p>;
  return (
    <ul className="evidence" aria-label="Evidence">
      {view.evidence.map((file) => (
        <li key={file.uploadId} data-kind={file.kind}>
          {file.kind === 'image' ? (
            <a href={evidencePath(file.uploadId)} target="_blank" rel="noreferrer">
              <img src={evidencePath(file.uploadId)} alt={file.name} loading="lazy" />
            </a>
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: shoppers' evidence videos come with no captions
            <video controls preload="metadata" src={evidencePath(file.uploadId)} />
          )}
          <span className="hint">{`${file.name} · ${Math.max(1, Math.round(file.size / 1024))} KB`}</span>
        </li>
      ))}
    </ul>
  );
}

function Lines({ view }: { view: StaffReturnView }) {
  const money = moneyOf(view);
  return (
    <div className="table-scroll">
      <table aria-label="Returned lines" className="stack-table">
        <thead>
          <tr>
            <th>Part</th>
            <th className="num">Returning</th>
            <th className="num">Shipped</th>
            <th className="num">Refunded</th>
            <th className="num">Price paid</th>
            <th>Fit at purchase</th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line) => (
            <tr key={line.lineNo} data-line={line.lineNo}>
              <td>
                {line.title}
                <br />
                <span className="muted">{line.partNumber}</span>
              </td>
              <td className="num" data-label="Returning">
                {line.quantity}
              </td>
              <td className="num" data-label="Shipped">
                {line.shipped}
              </td>
              <td className="num" data-label="Refunded">
                {line.refunded}
              </td>
              <td className="num" data-label="Price paid">
                {money(line.unitPaid)}
              </td>
              <td data-fit={line.fit ?? 'NONE'} data-label="Fit at purchase">
                <span className={`fit fit-${line.fit ? FIT_DISPLAY[line.fit].colour : 'none'}`}>
                  {fitAtPurchase(line.fit, view.order.vehicleName)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The order the return is of, and what the shopper has done with the shop before. */
function OrderSummary({ view }: { view: StaffReturnView }) {
  const { order, shopper } = view;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return (
    <div className="panel return-order" data-testid="return-order">
      <p>
        <a href={`/admin/orders/${encodeURIComponent(order.orderId)}`}>{`Order ${order.orderId}`}</a>
        {` · ${order.statusLabel} · ${moneyOf(view)(order.total)} · `}
        {`${order.market.toUpperCase()} · ${order.email}${order.accountId === null ? ' (guest)' : ''}`}
      </p>
      <p className="muted" data-testid="shopper-history">
        {`Shopper's history: ${plural(shopper.orders, 'order')}, ${plural(shopper.returns, 'return')}, ` +
          `${shopper.rejectedReturns} rejected`}
      </p>
    </div>
  );
}

/** How the parts go back and what was paid back, once decided. */
function Settlement({ view }: { view: StaffReturnView }) {
  const rows: [string, string][] = [];
  if (view.instructions) rows.push(['Return shipping instructions', view.instructions]);
  if (view.labelNumber) rows.push(['Prepaid label number', view.labelNumber]);
  if (view.refund) {
    const money = moneyOf(view);
    rows.push(['Refunded', money(view.refund.amount)]);
    if (view.refund.fee > 0) rows.push(['Restocking fee kept', money(view.refund.fee)]);
    rows.push(['Parts back in stock', view.refund.restocked ? 'Yes' : 'No']);
  }
  if (rows.length === 0) return null;
  return (
    <>
      <h2>Settlement</h2>
      <table aria-label="Settlement" className="settlement">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th>{label}</th>
              <td className="note-body">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const FORM_OF: Record<ReturnForm, (props: Parameters<typeof ApproveForm>[0]) => ReactNode> = {
  approve: ApproveForm,
  'ask-evidence': AskEvidenceForm,
  reject: RejectForm,
  received: ReceivedForm,
  refund: RefundReturnForm,
};

/** One return: what the shopper says and shows, the order, the history, and the decisions staff may take now. */
export function ReturnPage(props: {
  view: StaffReturnView;
  csrf: string;
  /** The forms the return's status and the staff member's role allow, in the order they show. */
  forms: ReturnForm[];
  notice?: string;
  problem?: ReturnProblem;
}) {
  const { view, problem } = props;
  const vehicle = shopperVehicle(view.vehicle);
  const unplaced = problem && !props.forms.includes(problem.form);
  return (
    <section className="return-page" data-rma={view.rma}>
      <p>
        <a href="/admin/returns">All returns</a>
      </p>
      <h1>{`Return ${view.rma}`}</h1>
      <p className="panel" data-testid="return-status">
        <span className={`badge return-${view.status.toLowerCase()}`}>{view.statusLabel}</span>
        {` · asked ${placedAt(view.createdAt)} UTC`}
      </p>
      {props.notice && (
        <p className="notice" role="status">
          {props.notice}
        </p>
      )}
      {unplaced && (
        <p className="error" role="alert">
          {problem.message}
        </p>
      )}
      <h2>What the shopper says</h2>
      <dl className="panel facts">
        <dt>Reason</dt>
        <dd data-testid="return-reason">{view.reason}</dd>
        {view.text && <dt>Description</dt>}
        {view.text && <dd className="note-body">{view.text}</dd>}
        {vehicle && <dt>Their vehicle</dt>}
        {vehicle && <dd data-testid="return-vehicle">{vehicle}</dd>}
      </dl>
      <h2>Lines</h2>
      <Lines view={view} />
      <h2>{`Evidence (${view.evidence.length})`}</h2>
      <Evidence view={view} />
      <h2>Order</h2>
      <OrderSummary view={view} />
      <Settlement view={view} />
      {props.forms.length > 0 && (
        <div className="return-decisions">
          {props.forms.map((which) => {
            const Form = FORM_OF[which];
            const own = problem?.form === which ? problem : undefined;
            return <Form key={which} view={view} csrf={props.csrf} problem={own} />;
          })}
        </div>
      )}
      <h2>History</h2>
      <ol className="panel" aria-label="History">
        {view.history.map((event, index) => (
          <li key={`${event.createdAt}-${index}`}>
            {[
              `${placedAt(event.createdAt)} UTC`,
              RETURN_STATUS_LABEL[event.status],
              event.staffEmail ?? 'shopper',
              event.note,
            ]
              .filter(Boolean)
              .join(' · ')}
          </li>
        ))}
      </ol>
    </section>
  );
}
