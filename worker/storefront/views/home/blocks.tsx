import VehicleSelector from '../../../../client/islands/VehicleSelector.tsx';
import type { FrontCategoryItem } from '../../../../shared/content/home.ts';
import { POPULAR_MAKES } from '../../../../shared/routes.ts';
import type { Brand } from '../../../catalog/service.ts';
import { Island } from '../../../platform/render/Island.tsx';
import type { Shell } from '../../../platform/render/shell.ts';
import { staticAsset } from '../../../platform/build-info.ts';

/** The promise of fitment and the vehicle selector; it holds the page's heading. */
export function VehiclePicker({ shell }: { shell: Shell }) {
  const { settings, market } = shell;
  return (
    <section className="hero">
      <h1>Aftermarket car parts that fit your vehicle</h1>
      <p>
        Tell us your year, make and model and every part shows whether it fits. {settings.SHOP_NAME} ships across{' '}
        {market.country.inSentence} in {market.currency}.
      </p>
      <Island name="VehicleSelector" component={VehicleSelector} props={{ compact: false }} />
    </section>
  );
}

/** Front categories: a picture and a name each. */
export function FrontCategories({ categories }: { categories: FrontCategoryItem[] }) {
  if (categories.length === 0) return null;
  return (
    <section className="home-block" aria-labelledby="home-categories">
      <h2 id="home-categories">Shop by category</h2>
      <ul className="front-categories">
        {categories.map((category) => (
          <li key={category.name}>
            <a href={category.href}>
              <img src={staticAsset(category.image)} alt="" width="120" height="120" loading="lazy" decoding="async" />
              <span>{category.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PopularMakes() {
  return (
    <section className="home-block" aria-labelledby="home-makes">
      <h2 id="home-makes">Popular makes</h2>
      <ul className="tile-list">
        {POPULAR_MAKES.map((make) => (
          <li key={make.href}>
            <a href={make.href}>{make.name}</a>
          </li>
        ))}
        <li>
          <a href="/makes">Show more</a>
        </li>
      </ul>
    </section>
  );
}

/** Brands with showOnHomePage, in sortOnHomePage order (§3 Brand), each to its landing page. */
export function Brands({ brands }: { brands: Brand[] }) {
  if (brands.length === 0) return null;
  return (
    <section className="home-block" aria-labelledby="home-brands">
      <h2 id="home-brands">Shop by brand</h2>
      <ul className="home-brands">
        {brands.map((brand) => {
          const logo = brand.brandLogoUrl ?? brand.logoUrl;
          return (
            <li key={brand.id} data-brand={brand.name}>
              <a href={brand.landingPageUrl ?? `/search?brand=${brand.id}`}>
                {logo ? (
                  <img
                    src={staticAsset(logo)}
                    alt={brand.name}
                    width="160"
                    height="64"
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span>{brand.name}</span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
