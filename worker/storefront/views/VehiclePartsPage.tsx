import VehicleApply from '../../../client/islands/VehicleApply.tsx';
import type { SearchRecord } from '../../../shared/catalog-types.ts';
import { attributeValueIdOf, vehicleName } from '../../../shared/vehicle.ts';
import { ProductCard } from '../../catalog/views/ProductCard.tsx';
import { Island } from '../../platform/render/Island.tsx';
import type { VehicleCategory } from '../../search/service.ts';
import type { VehicleOfPage } from '../../vehicles/service.ts';

/** A vehicle's page: the vehicle, its path and its part categories with their counts in the market. */
export type VehicleParts = VehicleOfPage & { categories: VehicleCategory[] };

/** The categories under their parent's name, in the order the query gave them. */
function byParent(categories: readonly VehicleCategory[]): [string, VehicleCategory[]][] {
  const groups = new Map<string, VehicleCategory[]>();
  for (const category of categories) {
    const parent = category.parentName ?? 'Other parts';
    groups.set(parent, [...(groups.get(parent) ?? []), category]);
  }
  return [...groups];
}

/** A count with thousands commas (§9). */
const withCommas = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const partsWord = (count: number) => `${withCommas(count)} ${count === 1 ? 'part' : 'parts'}`;

/** A vehicle's parts page: the vehicle, its best sellers and its categories, each opening the fitting parts. */
export function VehiclePartsPage({ parts, top }: { parts: VehicleParts; top: SearchRecord[] }) {
  const { vehicle, categories } = parts;
  const id = attributeValueIdOf(vehicle);
  const name = vehicleName(vehicle, true);
  const total = categories.reduce((sum, category) => sum + category.items, 0);
  return (
    <section className="vehicle-parts" data-vehicle-id={id}>
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb">
          <li>
            <a href="/">Home</a>
          </li>
          <li>
            <a href="/parts">Parts</a>
          </li>
          <li aria-current="page">{vehicleName(vehicle)}</li>
        </ol>
      </nav>
      <h1>{`Parts for your ${name}`}</h1>
      <p className="vehicle-parts__summary">
        {`${partsWord(total)} fit this vehicle, in ${categories.length} `}
        {`${categories.length === 1 ? 'category' : 'categories'}. `}
        <a href="/parts">Change vehicle</a>
      </p>
      <Island name="VehicleApply" component={VehicleApply} props={{ vehicle, exact: Boolean(vehicle.engine) }} />
      {top.length > 0 && (
        <section className="vehicle-parts__top" aria-labelledby="top-parts">
          <h2 id="top-parts">Best sellers for your {vehicleName(vehicle)}</h2>
          <ul className="product-grid">
            {top.map((product) => (
              <ProductCard key={product.itemId} product={product} />
            ))}
          </ul>
        </section>
      )}
      <section className="vehicle-parts__categories" aria-labelledby="part-categories">
        <h2 id="part-categories">Shop by category</h2>
        {categories.length === 0 && <p>The shop has no parts listed for this vehicle yet.</p>}
        {byParent(categories).map(([parent, list]) => (
          <section key={parent} className="vehicle-parts__group">
            <h3>{parent}</h3>
            <ul className="tile-list">
              {list.map((category) => (
                <li key={category.id}>
                  <a href={`/search?category=${category.id}&attributeValueId=${id}`} data-category-id={category.id}>
                    {`${category.name} `}
                    <small>{`(${withCommas(category.items)})`}</small>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </section>
  );
}
