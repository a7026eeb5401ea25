import type { RecentReviews } from '../recent.ts';
import type { RecentReviewRow } from '../recent-repository.ts';
import { staticAsset } from '../../platform/build-info.ts';
import { formatCount, formatDay, formatTag } from '../../../shared/i18n/format.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

const PLACEHOLDER = '/static/parts/placeholder.svg';
const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;
const dateOf = (seconds: number) => formatDay(seconds * 1000);
const oneDecimal = (value: number) =>
  value.toLocaleString(formatTag(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });

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
          <span role="img" aria-label={m.recent_reviews_stars({ rating: review.rating })} data-rating={review.rating}>
            {stars(review.rating)}
          </span>{' '}
          {/* A review is the shopper's own words, shown as they wrote them (data-shopper-words). */}
          <span data-shopper-words="">{review.title}</span>
        </strong>
        <p data-shopper-words="">{review.content}</p>
        <small data-shopper-words="">
          {[review.name, review.vehicle, review.verifiedPurchase ? m.reviews_verified() : null]
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
      <h1>{m.recent_reviews_title()}</h1>
      <p className="recent-reviews-page__summary" data-rating={average ?? ''}>
        {average === null
          ? m.recent_reviews_none()
          : m.recent_reviews_summary({ count: total, rating: oneDecimal(average), shown: formatCount(total) })}
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
            {m.recent_reviews_page_empty()} <a href="/reviews">{m.recent_reviews_first_page()}</a>
          </p>
        )
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label="Pages">
          {page > 1 && (
            <a rel="prev" href={`/reviews?page=${Math.min(page, pages) - 1}`}>
              {m.page_previous()}
            </a>
          )}
          <span>{m.page_of({ page: Math.min(page, pages), pages })}</span>
          {page < pages && (
            <a rel="next" href={`/reviews?page=${page + 1}`}>
              {m.page_next()}
            </a>
          )}
        </nav>
      )}
    </section>
  );
}
