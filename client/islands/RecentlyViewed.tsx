import { useEffect, useState } from 'react';
import { readViewed, recordView, type ViewedItem } from '../state/recently-viewed.ts';

/** Records this product as viewed and lists the others the shopper looked at (kept in this browser). */
export default function RecentlyViewed({ current }: { current: ViewedItem }) {
  const [others, setOthers] = useState<ViewedItem[]>([]);
  useEffect(() => {
    const before = readViewed().filter((entry) => entry.itemId !== current.itemId);
    recordView(current);
    setOthers(before);
  }, [current]);
  if (others.length === 0) return null;
  return (
    <section className="recently-viewed" aria-labelledby="recently-viewed">
      <h2 id="recently-viewed">Recently viewed</h2>
      <ul className="product-grid">
        {others.map((item) => (
          <li key={item.itemId} className="product-card" data-viewed={item.itemId}>
            <a href={`/product/${item.urlHandle}`}><img src={item.imageUrl ?? '/static/parts/placeholder.svg'} alt="" width="120" height="120" loading="lazy" /><h3>{item.title}</h3></a>
          </li>
        ))}
      </ul>
    </section>
  );
}
