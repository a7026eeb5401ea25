import VehicleSelector from '../../../../client/islands/VehicleSelector.tsx';
import type { FrontCategoryItem } from '../../../../shared/content/home.ts';
import { POPULAR_MAKES } from '../../../../shared/routes.ts';
import type { Brand } from '../../../catalog/service.ts';
import { Island } from '../../../platform/render/Island.tsx';
import type { Shell } from '../../../platform/render/shell.ts';
import { staticAsset } from '../../../platform/build-info.ts';
import * as m from '../../../../shared/i18n/generated/messages.js';

/** The promise of fitment and the vehicle selector; it holds the page's heading. */
export function VehiclePicker({ shell }: { shell: Shell }) {
  const { settings, market } = shell;
  return (
    <section className="hero">
      <h1>{m.home_heading()}</h1>
      <p>
        {m.home_intro({
          shopName: settings.SHOP_NAME,
          country: shell.locale === 'fr' ? 'Canada' : market.country.inSentence,
          currency: market.currency,
        })}
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
      <h2 id="home-categories">{m.home_shop_by_category()}</h2>
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
      <h2 id="home-makes">{m.home_popular_makes()}</h2>
      <ul className="tile-list">
        {POPULAR_MAKES.map((make) => (
          <li key={make.href}>
            <a href={make.href}>{make.name}</a>
          </li>
        ))}
        <li>
          <a href="/makes">{m.footer_show_more()}</a>
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
      <h2 id="home-brands">{m.home_shop_by_brand()}</h2>
      <ul className="home-brands">
        {brands.map((brand) => {
          const logo = brand.brandLogoUrl ?? brand.logoUrl;
          return (
            <li key={brand.id} data-brand={brand.name} translate="no">
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
