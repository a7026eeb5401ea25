import { ReturnsSoFar } from './ReturnFormPage.tsx';
import type { ReturnOptionsAnswer } from '../../../shared/api/returns.ts';
import type { Currency } from '../../../shared/markets.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatDay } from '../../../shared/i18n/format.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

/** An order's returns (issue 20) on the order's own pages (its detail, public tracking). */

/** An order's way into returns (issue 20), as its pages show it; null when nothing can be returned. */
export interface ReturnEntry {
  /** The return form's address (a member's, or a guest's with their token); null when only an email can open it. */
  formHref: string | null;
  /** The order's returns so far, each with its page. */
  returns: { rma: string; status: string; statusLabel: string; url: string }[];
  /** Whether the order has units a return can still take. */
  open: boolean;
  /** The order (its core return form names it). */
  orderId?: string;
  /** The order's core deposits and their way back (issue 40). */
  cores?: ReturnOptionsAnswer['cores'];
  /** The order's currency, for the deposits' amounts. */
  currency?: Currency;
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
  const cores = entry?.cores ?? [];
  if (!entry || (!entry.open && entry.returns.length === 0 && cores.length === 0)) return null;
  return (
    <section className="order-returns" data-order-returns="">
      {cores.length > 0 && entry.currency && (
        <CoreReturns cores={cores} currency={entry.currency} orderId={entry.orderId} own={entry.formHref !== null} />
      )}
      {entry.open && entry.formHref && (
        <p>
          <a className="button" href={entry.formHref} data-return-items="">
            {m.return_items()}
          </a>
        </p>
      )}
      {entry.open && !entry.formHref && pair && (
        <form method="post" action="/order/track/return-link" data-form="return-link">
          <input type="hidden" name="orderNo" value={pair.orderNo} />
          <input type="hidden" name="email" value={pair.email} />
          <button className="button" type="submit" data-return-items="">
            {m.return_items()}
          </button>{' '}
          <small>{m.return_items_email_note()}</small>
        </form>
      )}
      {entry.returns.length > 0 && <ReturnsSoFar returns={entry.returns} />}
    </section>
  );
}

/**
 * The order's core deposits (issue 40): until when each old part can come back and a button that starts
 * its core return (no evidence: the shop inspects the part when it arrives), or that it came back, or
 * that the window closed and the deposit is kept.
 */
function CoreReturns(props: {
  cores: ReturnOptionsAnswer['cores'];
  currency: Currency;
  orderId?: string;
  own: boolean;
}) {
  const money = (cent: number) => formatMoney({ cent, currency: props.currency });
  return (
    <ul className="order-cores" data-order-cores="">
      {props.cores.map((core) => (
        <li key={core.lineNo} data-core-line={core.lineNo} data-core-state={core.state}>
          <strong>{core.title}</strong>{' '}
          {core.state === 'OPEN' && (
            <>
              <span>
                {m.core_return_by({
                  date: formatDay(core.windowEndsAt),
                  amount: money(core.unitCharge * core.returnable),
                })}
              </span>
              {props.own && props.orderId && (
                <form method="post" action="/order/returns/core" data-form="core-return">
                  <input type="hidden" name="orderId" value={props.orderId} />
                  <input type="hidden" name="lineNo" value={core.lineNo} />
                  <input type="hidden" name="quantity" value={core.returnable} />
                  <input type="hidden" name="key" value={`core-${crypto.randomUUID()}`} />
                  <button className="button" type="submit">
                    {m.core_return_start()}
                  </button>
                </form>
              )}
            </>
          )}
          {core.state === 'RETURNED' && <span>{m.core_in_return()}</span>}
          {core.state === 'KEPT' && <span>{m.core_kept({ date: formatDay(core.windowEndsAt) })}</span>}
        </li>
      ))}
    </ul>
  );
}
