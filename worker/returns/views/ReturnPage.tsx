import type { ReturnAnswer } from '../../../shared/api/returns.ts';
import { RETURN_STATUS_LABEL } from '../../../shared/returns.ts';

const day = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A return's status page for its shopper: where it stands, what is returned, why, the evidence sent. */
export function ReturnPage({ answer }: { answer: ReturnAnswer }) {
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
