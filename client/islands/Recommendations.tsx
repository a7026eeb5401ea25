import { useEffect, useRef, useState, type RefObject } from 'react';
import { API } from '../../shared/api-routes.ts';
import { attributeValueIdOf } from '../../shared/vehicle.ts';
import type { RecommendScene, SearchRecord } from '../../shared/catalog-types.ts';
import { api } from '../api.ts';
import { garage } from '../state/garage.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import CardFitment from './CardFitment.tsx';
import { ProductCardBody } from './product-card-body.tsx';
import * as m from '../../shared/i18n/generated/messages.js';

const SCENE: RecommendScene = 'PRODUCT_DETAIL';
const SIZE = 8;
/** Start loading a little before the section scrolls into view, so the cards are there when it does. */
const AHEAD = '200px';

/** The same card as the server's ProductCard, so search-page styles apply. */
function RecommendedCard({ product }: { product: SearchRecord }) {
  return (
    <li className="product-card" data-item-id={product.itemId}>
      {/* CardFitment also reports the card's exposure (§4) through observeExposure. */}
      <ProductCardBody
        product={product}
        fitment={<CardFitment itemId={product.itemId} applies={!product.nonVehicle} />}
      />
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
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: AHEAD },
    );
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
    api
      .call(API.recommendScene, { itemId, attributeValueId, size: SIZE }, { query: { scene: SCENE } })
      .then((list) => {
        if (live) setCards({ list, forVehicle: attributeValueId !== undefined });
      })
      // Recommendations are an extra: without them the page is still whole.
      .catch(() => {
        if (live) setCards({ list: [], forVehicle: false });
      });
    return () => {
      live = false;
    };
  }, [seen, itemId, attributeValueId]);
  const state = cards === null ? (seen ? 'loading' : 'waiting') : 'loaded';
  return (
    <section
      ref={section}
      className="recommendations"
      aria-labelledby={cards?.list.length ? 'recommendations' : undefined}
      data-recommendations={state}
    >
      {cards && cards.list.length > 0 && (
        <>
          <h2 id="recommendations">{cards.forVehicle ? m.recommend_fits_too() : m.recommend_also_viewed()}</h2>
          <ul className="product-grid">
            {cards.list.map((product) => (
              <RecommendedCard key={product.itemId} product={product} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
