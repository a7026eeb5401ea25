import {
  ADDRESS_CHANGEABLE_STATUSES,
  CANCELLABLE_STATUSES,
  REFUNDABLE_STATUSES,
  SHIPPABLE_STATUSES,
} from '../../../shared/order-status.ts';
import { CARRIERS } from '../../../shared/carriers.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ADDRESS_LABEL } from '../order-actions.ts';
import type { orderForStaff } from '../orders.ts';
import { CsrfField } from './CsrfField.tsx';
import { placedAt } from './OrdersPage.tsx';

export type LoadedOrder = NonNullable<Awaited<ReturnType<typeof orderForStaff>>>;

/** One hidden key per rendered form: posting it twice (a double click, a retry) is one change. */
const FormKey = () => <input type="hidden" name="_key" value={crypto.randomUUID()} />;

/** Ship units of the lines left to send, with a carrier and tracking number. */
export function ShipForm({ loaded, csrf }: { loaded: LoadedOrder; csrf: string }) {
  const { order, toShip } = loaded;
  const open = order.lines.filter((line) => (toShip[line.lineNo] ?? 0) > 0);
  if (open.length === 0 || !SHIPPABLE_STATUSES.includes(order.status)) return null;
  return (
    <form method="post" action={`/admin/orders/${order.orderId}/ship`} className="panel" aria-label="Ship">
      <h2>Ship</h2>
      <CsrfField value={csrf} />
      <FormKey />
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>Part</th>
              <th className="num">Left to ship</th>
              <th className="num">Ship now</th>
            </tr>
          </thead>
          <tbody>
            {open.map((line) => (
              <tr key={line.lineNo}>
                <td>{`${line.title} (${line.partNumber})`}</td>
                <td className="num">{toShip[line.lineNo]}</td>
                <td className="num">
                  <input
                    type="number"
                    name={`qty_${line.lineNo}`}
                    min={0}
                    max={toShip[line.lineNo]}
                    defaultValue={toShip[line.lineNo]}
                    aria-label={`Ship units of ${line.partNumber}`}
                    className="qty"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <label>
        Carrier{' '}
        <select name="carrier" required defaultValue="">
          <option value="" disabled>
            Choose
          </option>
          {CARRIERS.map((carrier) => (
            <option key={carrier.id} value={carrier.id}>
              {carrier.name}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Tracking number <input name="trackingNumber" required maxLength={60} autoComplete="off" />
      </label>{' '}
      <button type="submit">Ship these units</button>
    </form>
  );
}

/** Refund by line and quantity (optionally with the shipping), or by amount; a reason is required. */
export function RefundForm({ loaded, csrf }: { loaded: LoadedOrder; csrf: string }) {
  const { order, unitsRefunded, refundableCent } = loaded;
  if (refundableCent <= 0 || !REFUNDABLE_STATUSES.includes(order.status)) return null;
  const money = (cent: number) => formatMoney({ cent, currency: order.currency });
  return (
    <form method="post" action={`/admin/orders/${order.orderId}/refund`} className="panel" aria-label="Refund">
      <h2>Refund</h2>
      <p>{`Up to ${money(refundableCent)} can still be refunded, through the order's payment.`}</p>
      <CsrfField value={csrf} />
      <FormKey />
      <fieldset>
        <legend>
          <label>
            <input type="radio" name="mode" value="lines" defaultChecked /> By line and quantity
          </label>
        </legend>
        <div className="table-scroll">
          <table>
            <tbody>
              {order.lines.map((line) => {
                const left = line.quantity - (unitsRefunded[line.lineNo] ?? 0);
                return (
                  <tr key={line.lineNo}>
                    <td>{`${line.title} (${line.partNumber})`}</td>
                    <td className="num">{`${left} of ${line.quantity} refundable`}</td>
                    <td className="num">
                      <input
                        type="number"
                        name={`rqty_${line.lineNo}`}
                        min={0}
                        max={left}
                        defaultValue={0}
                        disabled={left === 0}
                        aria-label={`Refund units of ${line.partNumber}`}
                        className="qty"
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <label>
          <input type="checkbox" name="withShipping" /> Also refund the shipping
        </label>
        <p className="hint">A refunded unit that has not shipped will not ship.</p>
      </fieldset>
      <fieldset>
        <legend>
          <label>
            <input type="radio" name="mode" value="amount" /> By amount
          </label>
        </legend>
        <label>
          {`Amount (${order.currency}) `}
          <input name="amount" inputMode="decimal" placeholder="0.00" autoComplete="off" />
        </label>
      </fieldset>
      <label>
        Reason <input name="reason" required maxLength={200} autoComplete="off" />
      </label>{' '}
      <button type="submit">Refund</button>
    </form>
  );
}

/** Cancel an order that has not shipped: stock, points and coupons go back, the payment is refunded. */
export function CancelForm({ loaded, csrf }: { loaded: LoadedOrder; csrf: string }) {
  const { order } = loaded;
  if (!CANCELLABLE_STATUSES.includes(order.status)) return null;
  return (
    <form method="post" action={`/admin/orders/${order.orderId}/cancel`} className="panel" aria-label="Cancel order">
      <h2>Cancel</h2>
      <CsrfField value={csrf} />
      <p>Cancelling returns the stock, points and coupon uses, and refunds what was paid in full.</p>
      <label>
        <input type="checkbox" name="confirm" value="yes" required /> Yes, cancel this order
      </label>{' '}
      <button type="submit">Cancel order</button>
    </form>
  );
}

/** Change where an unshipped order goes: the market's address rules, and the tax worked out again. */
export function AddressForm({ loaded, csrf }: { loaded: LoadedOrder; csrf: string }) {
  const { order } = loaded;
  if (!ADDRESS_CHANGEABLE_STATUSES.includes(order.status)) return null;
  const address = order.address as unknown as Record<string, string | null>;
  return (
    <details className="panel">
      <summary>Change the ship-to address</summary>
      <form method="post" action={`/admin/orders/${order.orderId}/address`} aria-label="Ship-to address">
        <CsrfField value={csrf} />
        {Object.entries(ADDRESS_LABEL).map(([name, label]) => (
          <label key={name} className="field">
            {label}{' '}
            <input
              name={name}
              defaultValue={address[name] ?? ''}
              required={name !== 'addressLine2'}
              maxLength={name === 'regionCode' ? 2 : 120}
            />
          </label>
        ))}
        <p className="hint">A paid order can move only where its tax and shipping stay the same.</p>
        <button type="submit">Save address</button>
      </form>
    </details>
  );
}

/** Staff notes on the order, oldest first, and a form to add one (never shown to the shopper). */
export function OrderNotes({ loaded, csrf, canWrite }: { loaded: LoadedOrder; csrf: string; canWrite: boolean }) {
  const { order, notes } = loaded;
  return (
    <section className="panel" aria-label="Notes">
      <h2>Notes</h2>
      {notes.length === 0 ? (
        <p className="hint">No notes yet. Notes are for staff only.</p>
      ) : (
        <ul>
          {notes.map((note) => (
            <li key={note.id}>
              <span className="hint">{`${placedAt(note.createdAt)} UTC · ${note.staffEmail}`}</span>
              <p className="note-body">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form method="post" action={`/admin/orders/${order.orderId}/notes`}>
          <CsrfField value={csrf} />
          <label className="field">
            Add a note <textarea name="body" rows={3} maxLength={1000} required />
          </label>
          <button type="submit">Add note</button>
        </form>
      )}
    </section>
  );
}
