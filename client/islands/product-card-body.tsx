import type { ReactNode } from 'react';
import { PERCENT_OFF_BADGE_MIN } from '../../shared/constants.ts';
import { stockLabel } from '../../shared/item-status.ts';
import { formatMoney, percentOff } from '../../shared/money.ts';
import type { SearchRecord } from '../../shared/catalog-types.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * What a product card shows inside its <li className="product-card">: photo, title, brand and part
 * number, price with the percent off, stock and rating, then the fitment badge. The server's
 * ProductCard passes the badge as an island; an island that draws cards itself passes it directly.
 */
/** "★ 4.5 (12)": the average rating and how many reviews gave it. */
const ratingLabel = (product: { reviewRating?: number | null; reviewCount: number }) =>
  `★ ${product.reviewRating?.toFixed(1)} (${product.reviewCount})`;

/** Whether a card shows a range of prices: its SKUs are priced apart. */
const ranged = (product: SearchRecord) =>
  product.maxPrice != null && product.discountPrice !== null && product.maxPrice > product.discountPrice;

/** The card's price, or the range of its SKUs' prices ("$24.99 – $31.99") for a part of several variants. */
function priceWords(cent: number, product: SearchRecord): string {
  const low = formatMoney({ cent, currency: product.currency });
  return ranged(product) ? `${low} – ${formatMoney({ cent: product.maxPrice!, currency: product.currency })}` : low;
}

export function ProductCardBody({ product, fitment }: { product: SearchRecord; fitment: ReactNode }) {
  const href = product.urlHandle ? `/product/${product.urlHandle}` : '#';
  const off = percentOff(product.originalPrice, product.discountPrice);
  return (
    <>
      <a href={href}>
        <img
          src={product.imageUrl ?? '/static/parts/placeholder.svg'}
          alt=""
          width="200"
          height="200"
          loading="lazy"
          data-retry=""
        />
        <h3>{product.title}</h3>
      </a>
      <span className="product-card__meta" translate="no">
        {[product.brandName, product.partNumber].filter(Boolean).join(' · ')}
      </span>
      {product.discountPrice !== null && (
        <span className="product-card__price">
          {priceWords(product.discountPrice, product)}
          {!ranged(product) && product.originalPrice !== null && product.originalPrice > product.discountPrice && (
            <s>{formatMoney({ cent: product.originalPrice, currency: product.currency })}</s>
          )}
          {off >= PERCENT_OFF_BADGE_MIN && <span className="percent-off">{m.percent_off({ percent: off })}</span>}
        </span>
      )}
      {product.status === 'SOLD_OUT' && <span className="product-card__stock">{stockLabel('SOLD_OUT')}</span>}
      {product.reviewCount > 0 && <span className="product-card__rating">{ratingLabel(product)}</span>}
      {fitment}
    </>
  );
}
