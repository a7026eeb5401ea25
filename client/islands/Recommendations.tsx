import { useEffect, useRef, useState, type RefObject } from 'react';
import { PERCENT_OFF_BADGE_MIN } from '../../shared/constants.ts';
import { formatMoney } from '../../shared/money.ts';
import { attributeValueIdOf } from '../../shared/vehicle.ts';
import type { RecommendScene } from '../../worker/services/recently-viewed.ts';
import type { SearchRecord } from '../../worker/services/search.ts';
import { api } from '../api.ts';
import { garage } from '../state/garage.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import CardFitment from './CardFitment.tsx';

const SCENE: RecommendScene = 'PRODUCT_DETAIL';
/** The recommend scene call (§7 Search and items). */
export const RECOMMEND_PATH = `/search-pro/public/recommend/scene/items?scene=${SCENE}`;
const SIZE = 8;
/** Start loading a little before the section scrolls into view, so the cards are there when it does. */
const AHEAD = '200px';

/** The same markup and classes as the server's ProductCard, so search-page styles apply. */
function RecommendedCard({ product }: { product: SearchRecord }) {
  const off = product.originalPrice && product.discountPrice !== null && product.originalPrice > 0
    ? Math.floor(((product.originalPrice - product.discountPrice) / product.originalPrice) * 100) : 0;
  return (
    <li className="product-card" data-item-id={product.itemId}>
      <a href={product.urlHandle ? `/product/${product.urlHandle}` : '#'}>
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
      {/* CardFitment also reports the card's exposure (§4) through observeExposure. */}
      <CardFitment itemId={product.itemId} applies={!product.nonVehicle} />
    </li>
  );
}

/** Whether the element is near the viewport yet; once true it stays true. */
function useSeen(ref: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === 'undefined') return setSeen(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    }, { rootMargin: AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/**
 * "Customers also viewed" on a product page (§7 recommend scene PRODUCT_DETAIL): loaded only when
 * the section comes into view, and limited to parts that fit the vehicle being shopped for.
 */
export default function Recommendations({ itemId }: { itemId: number }) {
  const section = useRef<HTMLElement>(null);
  const seen = useSeen(section);
  const vehicle = useSignalValue(garage.current);
  const attributeValueId = vehicle ? attributeValueIdOf(vehicle) : undefined;
  const [cards, setCards] = useState<{ list: SearchRecord[]; forVehicle: boolean } | null>(null);
  useEffect(() => {
    if (!seen) return;
    let live = true;
    api.post<SearchRecord[]>(RECOMMEND_PATH, { itemId, attributeValueId, size: SIZE })
      .then((list) => { if (live) setCards({ list, forVehicle: attributeValueId !== undefined }); })
      // Recommendations are an extra: without them the page is still whole.
      .catch(() => { if (live) setCards({ list: [], forVehicle: false }); });
    return () => { live = false; };
  }, [seen, itemId, attributeValueId]);
  const state = cards === null ? (seen ? 'loading' : 'waiting') : 'loaded';
  return (
    <section ref={section} className="recommendations" aria-labelledby={cards?.list.length ? 'recommendations' : undefined} data-recommendations={state}>
      {cards && cards.list.length > 0 && (
        <>
          <h2 id="recommendations">{cards.forVehicle ? 'Fits your vehicle too' : 'Customers also viewed'}</h2>
          <ul className="product-grid">{cards.list.map((product) => <RecommendedCard key={product.itemId} product={product} />)}</ul>
        </>
      )}
    </section>
  );
}
