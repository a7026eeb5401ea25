import { useEffect, useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import type { RecommendScene, SearchRecord } from '../../shared/catalog-types.ts';
import { attributeValueIdOf, vehicleName, type Vehicle } from '../../shared/vehicle.ts';
import { api } from '../api.ts';
import { garage } from '../state/garage.ts';
import { readViewed } from '../state/recently-viewed.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import CardFitment from './CardFitment.tsx';
import { ProductCardBody } from './product-card-body.tsx';
import * as m from '../../shared/i18n/generated/messages.js';

export type HomeRow = 'recently-viewed' | 'fits-your-vehicle';

const SIZE = 8;

interface Loaded {
  title: string;
  cards: SearchRecord[];
}

/** The row's call: the shopper's viewed products, or best sellers that fit the chosen vehicle. */
function load(row: HomeRow, vehicle: Vehicle | null): Promise<Loaded> | null {
  if (row === 'recently-viewed') {
    const itemIds = readViewed().map((entry) => entry.itemId);
    if (itemIds.length === 0) return null;
    const scene: RecommendScene = 'RECENTLY_VIEWED';
    return api
      .call(API.recommendScene, { itemIds, size: SIZE }, { query: { scene } })
      .then((cards) => ({ title: m.home_recently_viewed(), cards }));
  }
  if (!vehicle) return null;
  const scene: RecommendScene = 'HOME';
  return api
    .call(API.recommendScene, { attributeValueId: attributeValueIdOf(vehicle), size: SIZE }, { query: { scene } })
    .then((cards) => ({ title: m.home_fits_your({ vehicle: vehicleName(vehicle) }), cards }));
}

/**
 * A home page row that only this browser can fill: recently viewed products, or parts that fit the
 * chosen vehicle. The server renders nothing; the row loads after hydration and shows only when
 * it has cards, so it adds nothing to the first paint.
 */
export default function HomeProductRow({ row }: { row: HomeRow }) {
  const [mounted, setMounted] = useState(false);
  const vehicle = useSignalValue(garage.current);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => setMounted(true), []);
  const vehicleId = vehicle ? attributeValueIdOf(vehicle) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the vehicle is followed by its id
  useEffect(() => {
    if (!mounted) return;
    let live = true;
    const call = load(row, vehicle);
    if (!call) return setLoaded(null);
    call
      .then((answer) => live && setLoaded(answer))
      // A personal row is an extra: without it the page is still whole.
      .catch(() => live && setLoaded(null));
    return () => {
      live = false;
    };
  }, [mounted, row, vehicleId]);
  if (!loaded || loaded.cards.length === 0) return <div className="home-row home-row--empty" data-home-row={row} />;
  const id = `home-row-${row}`;
  return (
    <section className="home-row home-block" data-home-row={row} aria-labelledby={id}>
      <h2 id={id}>{loaded.title}</h2>
      <ul className="product-grid home-row__cards">
        {loaded.cards.map((product) => (
          <li key={product.itemId} className="product-card" data-item-id={product.itemId}>
            <ProductCardBody
              product={product}
              fitment={<CardFitment itemId={product.itemId} applies={!product.nonVehicle} />}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
