import { REVIEW_STATUSES, type reviewQueue, type ReviewStatus } from '../../reviews/staff.ts';
import type { QueueProblem } from './ReviewActions.tsx';
import { ReviewCard } from './ReviewCard.tsx';

type Found = Awaited<ReturnType<typeof reviewQueue>>;

export type { QueueProblem, ReviewForm } from './ReviewActions.tsx';

const STATUS_LABEL: Record<ReviewStatus, string> = { PENDING: 'Pending', PUBLISHED: 'Published', REJECTED: 'Rejected' };
const queueLink = (status: ReviewStatus, page = 1) =>
  `/admin/reviews?${new URLSearchParams({ status, page: `${page}` })}`;

/** The moderation queue: pending reviews oldest first (or the published or rejected ones), a page at a time. */
export function ReviewsPage(props: { found: Found; csrf: string; notice: string | null; problem?: QueueProblem }) {
  const { found, problem } = props;
  return (
    <section>
      <h1>Reviews</h1>
      <nav className="tabs" aria-label="Review status">
        {REVIEW_STATUSES.map((status) => (
          <a key={status} href={queueLink(status)} aria-current={status === found.status ? 'page' : undefined}>
            {`${STATUS_LABEL[status]} (${found.counts[status]})`}
          </a>
        ))}
      </nav>
      {props.notice && (
        <p className="ok" role="status">
          {props.notice}
        </p>
      )}
      {problem && !problem.field && (
        <p className="error" role="alert" data-problem={problem.reviewId}>
          {`Review ${problem.reviewId}: ${problem.message}`}
        </p>
      )}
      {found.list.map((review) => (
        <ReviewCard
          key={review.id}
          review={review}
          csrf={props.csrf}
          view={{ status: found.status, page: found.page }}
          problem={problem?.reviewId === review.id ? problem : undefined}
        />
      ))}
      {found.list.length === 0 && <p className="panel">{`No ${STATUS_LABEL[found.status].toLowerCase()} reviews.`}</p>}
      <nav className="pager" aria-label="Pages">
        {found.page > 1 && <a href={queueLink(found.status, found.page - 1)}>Previous</a>}
        <span>{`Page ${found.page} of ${found.pages}`}</span>
        {found.page < found.pages && <a href={queueLink(found.status, found.page + 1)}>Next</a>}
      </nav>
    </section>
  );
}
