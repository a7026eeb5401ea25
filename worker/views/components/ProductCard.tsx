import CardFitment from '../../../client/islands/CardFitment.tsx';
import { PERCENT_OFF_BADGE_MIN } from '../../../shared/constants.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { SearchRecord } from '../../services/search.ts';
import { Island } from '../Island.tsx';
import { MarkupCache } from '../markup-cache.ts';

/** Rendered cards, reused while the product's data is unchanged: the same part shows in many lists. */
export const renderedCards = new MarkupCache(2000);

/** A product in a list: photo, title, price, rating and whether it fits the chosen vehicle. */
export function ProductCard({ product }: { product: SearchRecord }) {
  const markup = renderedCards.markup(`${product.currency}|${product.itemId}`, JSON.stringify(product), () => <CardBody product={product} />);
  return <li className="product-card" data-item-id={product.itemId} dangerouslySetInnerHTML={markup} />;
}

function CardBody({ product }: { product: SearchRecord }) {
  const href = product.urlHandle ? `/product/${product.urlHandle}` : '#';
  const off = product.originalPrice && product.discountPrice !== null && product.originalPrice > 0
    ? Math.floor(((product.originalPrice - product.discountPrice) / product.originalPrice) * 100) : 0;
  return (
    <>
      <a href={href}>
        <img src={product.imageUrl ?? '/static/parts/placeholder.svg'} alt="" width="200" height="200" loading="lazy" data-retry="" />
        <h3>{product.title}</h3>
      </a>
      <span className="product-card__meta">{[product.brandName, product.partNumber].filter(Boolean).join(' · ')}</span>
      {product.discountPrice !== null && (
        <span className="product-card__price">
          {formatMoney({ cent: product.discountPrice, currency: product.currency })}
          {product.originalPrice !== null && product.originalPrice > product.discountPrice && <s>{formatMoney({ cent: product.originalPrice, currency: product.currency })}</s>}
          {off >= PERCENT_OFF_BADGE_MIN && <span className="percent-off">{`${off}% off`}</span>}
        </span>
      )}
      {product.status === 'SOLD_OUT' && <span className="product-card__stock">Sold out</span>}
      {product.reviewCount > 0 && <span className="product-card__rating">{`★ ${product.reviewRating?.toFixed(1)} (${product.reviewCount})`}</span>}
      <Island name="CardFitment" component={CardFitment} props={{ itemId: product.itemId, applies: !product.nonVehicle }} />
    </>
  );
}
