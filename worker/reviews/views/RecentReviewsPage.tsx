import type { RecentReviews } from '../recent.ts';
import type { RecentReviewRow } from '../recent-repository.ts';
import { staticAsset } from '../../platform/build-info.ts';

const PLACEHOLDER = '/static/parts/placeholder.svg';
const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;
const dateOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function RecentReview({ review }: { review: RecentReviewRow }) {
  const href = review.itemHandle ? `/product/${review.itemHandle}` : null;
  const product = (
    <>
      <img src={staticAsset(review.imageUrl ?? PLACEHOLDER)} alt="" width="72" height="72" loading="lazy" />
      <span>{review.itemTitle}</span>
    </>
  );
  return (
    <li className="recent-review" data-review-id={review.id}>
      {href ? (
        <a className="recent-review__product" href={href}>
          {product}
        </a>
      ) : (
        <span className="recent-review__product">{product}</span>
      )}
      <div>
        <strong>
          <span role="img" aria-label={`${review.rating} out of 5 stars`} data-rating={review.rating}>
            {stars(review.rating)}
          </span>{' '}
          {review.title}
        </strong>
        <p>{review.content}</p>
        <small>
          {[review.name, review.vehicle, review.verifiedPurchase ? 'Verified purchase' : null]
            .filter(Boolean)
            .join(' · ')}{' '}
          · <time dateTime={new Date(review.createdAt * 1000).toISOString()}>{dateOf(review.createdAt)}</time>
        </small>
      </div>
    </li>
  );
}

/** /reviews: the shop's rating, then the newest published reviews across the shop, 20 a page. */
export function RecentReviewsPage({ view }: { view: RecentReviews }) {
  const { reviews, total, average, page, pages } = view;
  return (
    <section className="recent-reviews-page">
      <h1>Customer Reviews</h1>
      <p className="recent-reviews-page__summary" data-rating={average ?? ''}>
        {average === null
          ? 'No reviews yet.'
          : `★ ${average.toFixed(1)} from ${total.toLocaleString('en-US')} review${total === 1 ? '' : 's'}`}
      </p>
      {reviews.length > 0 ? (
        <ul className="review-list">
          {reviews.map((review) => (
            <RecentReview key={review.id} review={review} />
          ))}
        </ul>
      ) : (
        total > 0 && (
          <p>
            No reviews on this page. <a href="/reviews">Back to the first page</a>
          </p>
        )
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label="Pages">
          {page > 1 && (
            <a rel="prev" href={`/reviews?page=${Math.min(page, pages) - 1}`}>
              Previous
            </a>
          )}
          <span>
            Page {Math.min(page, pages)} of {pages}
          </span>
          {page < pages && (
            <a rel="next" href={`/reviews?page=${page + 1}`}>
              Next
            </a>
          )}
        </nav>
      )}
    </section>
  );
}
