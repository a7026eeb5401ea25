import ReturnForm from '../../../client/islands/ReturnForm.tsx';
import * as m from '../../../shared/i18n/generated/messages.js';
import { RETURN_STATUS_LABEL, type ReturnStatus } from '../../../shared/return-status.ts';
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
      <h1>{m.return_form_heading({ orderId: options.orderId })}</h1>
      {options.refusal ? (
        <p className="form-error" role="alert" data-return-refusal="">
          {options.refusal}
        </p>
      ) : (
        <>
          <p>{m.return_form_intro()}</p>
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
      <h2>{m.return_so_far()}</h2>
      <ul className="return-list">
        {returns.map((made) => (
          <li key={made.rma} data-rma={made.rma}>
            {made.url ? <a href={made.url}>{made.rma}</a> : <span>{made.rma}</span>}{' '}
            <span className="order-status" data-return-status={made.status}>
              {RETURN_STATUS_LABEL[made.status as ReturnStatus] ?? made.statusLabel}
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
      <h1>{m.return_items()}</h1>
      <p
        role={sent ? 'status' : 'alert'}
        className={sent ? 'return-link__sent' : 'form-error'}
        data-return-link={sent ? 'sent' : 'refused'}
      >
        {message}
      </p>
      <p>
        <a href={trackHref}>{m.return_back_to_tracking()}</a>
      </p>
    </section>
  );
}
