import { ReturnsSoFar } from './ReturnFormPage.tsx';

/** An order's returns (issue 20) on the order's own pages (its detail, public tracking). */

/** An order's way into returns (issue 20), as its pages show it; null when nothing can be returned. */
export interface ReturnEntry {
  /** The return form's address (a member's, or a guest's with their token); null when only an email can open it. */
  formHref: string | null;
  /** The order's returns so far, each with its page. */
  returns: { rma: string; status: string; statusLabel: string; url: string }[];
  /** Whether the order has units a return can still take. */
  open: boolean;
}

/** The return form of an order: a guest's link carries their token. */
export const returnFormHref = (orderId: string, guestToken: string | null) =>
  `/order/returns/new?${new URLSearchParams(guestToken ? { orderId, orderToken: guestToken } : { orderId })}`;

/** "Return items" and the order's returns: a link to the form, or (tracking by number and email) a button that
 * emails the order's address a link, since the pair alone opens nothing. */
export function OrderReturns({
  entry,
  pair,
}: {
  entry: ReturnEntry | null;
  pair?: { orderNo: string; email: string };
}) {
  if (!entry || (!entry.open && entry.returns.length === 0)) return null;
  return (
    <section className="order-returns" data-order-returns="">
      {entry.open && entry.formHref && (
        <p>
          <a className="button" href={entry.formHref} data-return-items="">
            Return items
          </a>
        </p>
      )}
      {entry.open && !entry.formHref && pair && (
        <form method="post" action="/order/track/return-link" data-form="return-link">
          <input type="hidden" name="orderNo" value={pair.orderNo} />
          <input type="hidden" name="email" value={pair.email} />
          <button className="button" type="submit" data-return-items="">
            Return items
          </button>{' '}
          <small>We email a link to start your return to the address on this order.</small>
        </form>
      )}
      {entry.returns.length > 0 && <ReturnsSoFar returns={entry.returns} />}
    </section>
  );
}
