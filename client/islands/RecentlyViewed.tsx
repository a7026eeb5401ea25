import { useEffect, useState } from 'react';
import type { RecommendScene } from '../../shared/catalog-types.ts';
import { observeExposure } from '../state/exposure.ts';
import { readViewed, recordView, type ViewedItem } from '../state/recently-viewed.ts';
import { track } from '../state/tracking.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/** The tracking event a shown list sends, with the §4 track scene name. */
export const SCENE_EVENT = 'track_scene';
const SCENE: RecommendScene = 'RECENTLY_VIEWED';

/** Records this product as viewed and lists the others the shopper looked at (kept in this browser). */
export default function RecentlyViewed({ current }: { current: ViewedItem }) {
  const [others, setOthers] = useState<ViewedItem[]>([]);
  useEffect(() => {
    const before = readViewed().filter((entry) => entry.itemId !== current.itemId);
    recordView(current);
    setOthers(before);
    // The scene is tracked when there is a list to show, once per page view (§4).
    if (before.length > 0) track(SCENE_EVENT, { scene: SCENE, itemIds: before.map((entry) => entry.itemId) });
  }, [current]);
  useEffect(() => {
    const stops = others.map((item) => observeExposure(item.itemId));
    return () => {
      for (const stop of stops) stop();
    };
  }, [others]);
  if (others.length === 0) return null;
  return (
    <section className="recently-viewed" aria-labelledby="recently-viewed">
      <h2 id="recently-viewed">{m.home_recently_viewed()}</h2>
      <ul className="product-grid">
        {others.map((item) => (
          <li key={item.itemId} className="product-card" data-viewed={item.itemId} data-item-id={item.itemId}>
            <a href={`/product/${item.urlHandle}`}>
              <img
                src={item.imageUrl ?? '/static/parts/placeholder.svg'}
                alt=""
                width="120"
                height="120"
                loading="lazy"
              />
              <h3>{item.title}</h3>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
