import ReturnForm from '../../../client/islands/ReturnForm.tsx';
import type { ReturnOptionsAnswer } from '../../../shared/api/returns.ts';
import { Island } from '../../platform/render/Island.tsx';

/**
 * The return form of an order (issue 20): the shippable parts, reasons and evidence, server
 * rendered so it shows at first paint; an order with nothing to return says why instead.
 */
export function ReturnFormPage({
  options,
  orderToken,
  now,
}: {
  options: ReturnOptionsAnswer;
  orderToken: string | null;
  now: number;
}) {
  return (
    <section className="order-page return-new" data-order-id={options.orderId}>
      <h1>{`Return items from order ${options.orderId}`}</h1>
      {options.refusal ? (
        <p className="form-error" role="alert" data-return-refusal="">
          {options.refusal}
        </p>
      ) : (
        <>
          <p>
            Choose the parts, tell us why, and add the photos the reason asks for. We check every return and email you
            the next steps.
          </p>
          <Island name="ReturnForm" component={ReturnForm} props={{ options, orderToken, now }} />
        </>
      )}
      {options.returns.length > 0 && <ReturnsSoFar returns={options.returns} />}
    </section>
  );
}

/** An order's returns so far, each with its status and (for whoever may open it) its page. */
export function ReturnsSoFar({
  returns,
}: {
  returns: readonly { rma: string; status: string; statusLabel: string; url: string }[];
}) {
  return (
    <>
      <h2>Returns of this order</h2>
      <ul className="return-list">
        {returns.map((made) => (
          <li key={made.rma} data-rma={made.rma}>
            {made.url ? <a href={made.url}>{made.rma}</a> : <span>{made.rma}</span>}{' '}
            <span className="order-status" data-return-status={made.status}>
              {made.statusLabel}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** After the tracking page's "Return items": the link went to the order's address, or why not. */
export function ReturnLinkPage({ message, sent, trackHref }: { message: string; sent: boolean; trackHref: string }) {
  return (
    <section className="order-page return-link">
      <h1>Return items</h1>
      <p
        role={sent ? 'status' : 'alert'}
        className={sent ? 'return-link__sent' : 'form-error'}
        data-return-link={sent ? 'sent' : 'refused'}
      >
        {message}
      </p>
      <p>
        <a href={trackHref}>Back to tracking</a>
      </p>
    </section>
  );
}
