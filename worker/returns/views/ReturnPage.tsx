import ReturnEvidence from '../../../client/islands/ReturnEvidence.tsx';
import type { ReturnAnswer } from '../../../shared/api/returns.ts';
import type { Currency } from '../../../shared/markets.ts';
import { formatMoney } from '../../../shared/money.ts';
import { RETURN_REASONS, isReturnReason } from '../../../shared/returns.ts';
import { RETURN_STATUS_LABEL } from '../../../shared/return-status.ts';
import { Island } from '../../platform/render/Island.tsx';

const day = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

const money = (cent: number, currency: string) => formatMoney({ cent, currency: currency as Currency });

/** How to send the parts back, once approved; what was refunded and the fee kept, once refunded. */
function NextSteps({ answer }: { answer: ReturnAnswer }) {
  const approved = answer.instructions || answer.labelNumber;
  return (
    <>
      {approved && (
        <section className="return-next" data-return-instructions="">
          <h2>How to send the parts back</h2>
          {answer.instructions && <p className="return-text">{answer.instructions}</p>}
          {answer.labelNumber && (
            <p>
              Prepaid label number: <strong data-label-number="">{answer.labelNumber}</strong>
            </p>
          )}
          <p>{`Please write ${answer.rma} on the package.`}</p>
        </section>
      )}
      {answer.refund && (
        <section className="return-next" data-return-refund="">
          <h2>Refund</h2>
          <p>
            Refunded: <strong>{money(answer.refund.amount, answer.refund.currency)}</strong>
          </p>
          {answer.refund.fee > 0 && <p>{`Restocking fee: ${money(answer.refund.fee, answer.refund.currency)}`}</p>}
        </section>
      )}
    </>
  );
}

/** The shop's request when it needs more evidence: its last note, and the files to add. */
function MoreEvidence({ answer, orderToken }: { answer: ReturnAnswer; orderToken: string | null }) {
  if (answer.status !== 'NEEDS_EVIDENCE') return null;
  const message = answer.history.findLast((event) => event.note)?.note ?? null;
  const kinds = isReturnReason(answer.reason) ? RETURN_REASONS[answer.reason].kinds : (['image'] as const);
  const props = { rma: answer.rma, orderId: answer.orderId, orderToken, message, kinds };
  return <Island name="ReturnEvidence" component={ReturnEvidence} props={props} />;
}

/** A return's status page for its shopper: where it stands, what is returned, why, the evidence sent. */
export function ReturnPage({ answer, orderToken }: { answer: ReturnAnswer; orderToken: string | null }) {
  return (
    <section className="order-page return-page" data-rma={answer.rma}>
      <h1>{`Return ${answer.rma}`}</h1>
      <p className="order-meta">
        {`For order ${answer.orderId} · requested ${day(answer.createdAt)} · `}
        <span className="order-status" data-return-status={answer.status}>
          {answer.statusLabel}
        </span>
      </p>
      <p>
        We check every return and email you at each step. Please keep the parts and their packaging until the return is
        approved; we will tell you how to send them.
      </p>
      <MoreEvidence answer={answer} orderToken={orderToken} />
      <NextSteps answer={answer} />
      <h2>Returned parts</h2>
      <ul className="tracked-lines">
        {answer.lines.map((line) => (
          <li key={line.lineNo}>
            {`${line.quantity} x ${line.title} `}
            <small>{line.partNumber}</small>
          </li>
        ))}
      </ul>
      <h2>Reason</h2>
      <p>{answer.reason}</p>
      {answer.text && <p className="return-text">{answer.text}</p>}
      {answer.vehicle && (
        <p>
          {answer.vehicle.vin
            ? `VIN ${answer.vehicle.vin}`
            : [answer.vehicle.year, answer.vehicle.make, answer.vehicle.model].filter(Boolean).join(' ')}
        </p>
      )}
      {answer.evidence.length > 0 && (
        <>
          <h2>What you sent</h2>
          <ul className="return-evidence">
            {answer.evidence.map((file) => (
              <li key={file.uploadId}>
                {file.kind === 'image' ? (
                  <img src={file.url} alt={file.name} width="120" height="120" loading="lazy" />
                ) : (
                  // biome-ignore lint/a11y/useMediaCaption: a shopper's own evidence video has no captions
                  <video src={file.url} controls preload="metadata" width="240" />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>History</h2>
      <ol className="order-events">
        {answer.history.map((event, index) => (
          <li key={index}>
            <strong>{RETURN_STATUS_LABEL[event.status]}</strong>{' '}
            <time dateTime={new Date(event.createdAt).toISOString()}>{day(event.createdAt)}</time>
            {event.note && <span> · {event.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
