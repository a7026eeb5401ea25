import { type QueuedReview, REJECT_NOTE_MAX, REJECT_REASONS, REVIEW_FLAGS } from '../../reviews/staff.ts';
import { CsrfField } from './CsrfField.tsx';

/** The forms each review carries. */
export type ReviewForm = 'publish' | 'reject' | 'flag';

/** What went wrong with one review's form: the message, and the input to show again when it was invalid. */
export interface QueueProblem {
  reviewId: number;
  message: string;
  /** The form whose input was invalid, with the input to show again; null when the review itself was the problem. */
  field: { form: ReviewForm; reason: string; note: string } | null;
}

type View = { status: string; page: number };

/** What every review form carries: the CSRF value and the queue page to come back to. */
function FormBase({ csrf, view }: { csrf: string; view: View }) {
  return (
    <>
      <CsrfField value={csrf} />
      <input type="hidden" name="view" value={view.status} />
      <input type="hidden" name="page" value={view.page} />
    </>
  );
}

function RejectForm(props: { review: QueuedReview; csrf: string; view: View; problem?: QueueProblem }) {
  const { review, problem } = props;
  const errorId = `reject-error-${review.id}`;
  const field = problem?.field?.form === 'reject' ? problem.field : null;
  const invalid = field ? true : undefined;
  return (
    <form method="post" action={`/admin/reviews/${review.id}/reject`} className="reject-form" aria-label="Reject">
      <FormBase csrf={props.csrf} view={props.view} />
      <div>
        <label htmlFor={`reason-${review.id}`}>Reason for rejecting</label>
        <select
          id={`reason-${review.id}`}
          name="reason"
          defaultValue={field?.reason ?? ''}
          aria-invalid={invalid}
          aria-describedby={invalid && errorId}
        >
          <option value="">Choose a reason</option>
          {REJECT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label
          htmlFor={`note-${review.id}`}
        >{`Note to the reviewer (needed for Other; up to ${REJECT_NOTE_MAX})`}</label>
        <textarea
          id={`note-${review.id}`}
          name="note"
          rows={2}
          maxLength={REJECT_NOTE_MAX}
          defaultValue={field?.note ?? ''}
        />
      </div>
      {field && (
        <p className="error" id={errorId} role="alert">
          {problem!.message}
        </p>
      )}
      <button type="submit" className="secondary">
        Reject
      </button>
    </form>
  );
}

function FlagForm(props: { review: QueuedReview; csrf: string; view: View; problem?: QueueProblem }) {
  const { review, problem } = props;
  return (
    <form method="post" action={`/admin/reviews/${review.id}/flag`} className="inline" aria-label="Flag">
      <FormBase csrf={props.csrf} view={props.view} />
      <label htmlFor={`flag-${review.id}`}>Flag</label>
      <select id={`flag-${review.id}`} name="flag" defaultValue={review.staffFlag ?? ''}>
        <option value="">No flag</option>
        {REVIEW_FLAGS.map((flag) => (
          <option key={flag} value={flag}>
            {flag}
          </option>
        ))}
      </select>
      <button type="submit" className="secondary">
        Save flag
      </button>
      {problem?.field?.form === 'flag' && (
        <p className="error" role="alert">
          {problem.message}
        </p>
      )}
    </form>
  );
}

/** Publish and reject (a pending review only) and the staff flag (any review). */
export function ReviewActions(props: { review: QueuedReview; csrf: string; view: View; problem?: QueueProblem }) {
  const { review } = props;
  return (
    <div className="review-actions">
      {review.status === 'PENDING' && (
        <>
          <form method="post" action={`/admin/reviews/${review.id}/publish`} aria-label="Publish">
            <FormBase csrf={props.csrf} view={props.view} />
            <button type="submit">Publish</button>
          </form>
          <RejectForm {...props} />
        </>
      )}
      <FlagForm {...props} />
    </div>
  );
}
