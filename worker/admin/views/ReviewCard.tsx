import type { QueuedReview } from '../../reviews/staff.ts';
import { type QueueProblem, ReviewActions } from './ReviewActions.tsx';

/** Unix seconds as "YYYY-MM-DD HH:MM UTC". */
const when = (seconds: number) => `${new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

function Product({ review }: { review: QueuedReview }) {
  return (
    <p className="review-product">
      {review.urlHandle ? (
        <a href={`/product/${review.urlHandle}`} target="_blank" rel="noopener">
          {review.itemTitle}
        </a>
      ) : (
        review.itemTitle
      )}
      {review.partNumber && <span className="muted">{` · Part number ${review.partNumber}`}</span>}
    </p>
  );
}

function Decision({ review }: { review: QueuedReview }) {
  if (review.status === 'PENDING') return null;
  const by = review.moderatedBy ? ` by ${review.moderatedBy}` : '';
  const at = review.moderatedAt ? ` on ${when(review.moderatedAt)}` : '';
  return (
    <p className="muted" data-field="decision">
      {`${review.status === 'PUBLISHED' ? 'Published' : 'Rejected'}${by}${at}`}
      {review.rejectionReason && ` · Reason: ${review.rejectionReason}`}
    </p>
  );
}

/** One review in the queue: its product, rating, words, photos and flags, and what staff can do with it. */
export function ReviewCard(props: {
  review: QueuedReview;
  csrf: string;
  view: { status: string; page: number };
  problem?: QueueProblem;
}) {
  const { review } = props;
  return (
    <article className="panel review-card" data-review={review.id} data-status={review.status}>
      <Product review={review} />
      <p className="review-meta">
        <span className="stars" role="img" aria-label={`${review.rating} out of 5 stars`}>
          {stars(review.rating)}
        </span>
        {review.verifiedPurchase && <span className="badge">Verified purchase</span>}
        {review.staffFlag && (
          <span className="badge flag" data-field="flag">
            {`Flagged: ${review.staffFlag}`}
          </span>
        )}
        <span className="muted">{`Review ${review.id} · submitted ${when(review.createdAt)}`}</span>
      </p>
      <h2 className="review-title">{review.title}</h2>
      <p className="review-text">{review.content}</p>
      <p className="muted">
        {`By ${review.name}${review.vehicle ? ` · ${review.vehicle}` : ''}`}
        {review.reviewerEmail ? ' · can be emailed' : ' · no email on file'}
      </p>
      {review.photos.length > 0 && (
        <ul className="review-photos" aria-label="Photos">
          {review.photos.map((key, index) => (
            <li key={key}>
              <a href={`/media/${key}`} target="_blank" rel="noopener">
                <img src={`/media/${key}`} alt={`Shot ${index + 1} the reviewer sent`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <Decision review={review} />
      <ReviewActions review={review} csrf={props.csrf} view={props.view} problem={props.problem} />
    </article>
  );
}
