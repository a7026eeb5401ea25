import VehicleSelector from '../../../client/islands/VehicleSelector.tsx';
import { POPULAR_MAKES } from '../../../shared/routes.ts';
import { Island } from '../../views/Island.tsx';
import type { Shell } from '../../views/layout/shell.ts';
import type { Announcement } from '../announcements.ts';

export interface HomeContent {
  banners: { title: string; subtitle?: string; href: string; image?: string }[];
  categories: { name: string; href: string }[];
  announcements: Announcement[];
}

/** The home page: the promise of fitment, shop by vehicle, category and make. */
export function HomePage({ shell, content }: { shell: Shell; content: HomeContent }) {
  return (
    <div className="home">
      {content.announcements.length > 0 && (
        <ul className="announcements">
          {content.announcements.map((item) => (
            <li key={item.text} data-promotion-id={item.promotionId}>
              <a href={item.href}>{item.text}</a>
            </li>
          ))}
        </ul>
      )}
      <section className="hero">
        <h1>Aftermarket car parts that fit your vehicle</h1>
        <p>
          Tell us your year, make and model and every part shows whether it fits. {shell.settings.SHOP_NAME} ships
          across {shell.market.country.inSentence} in {shell.market.currency}.
        </p>
        <Island name="VehicleSelector" component={VehicleSelector} props={{ compact: false }} />
      </section>
      {content.banners.length > 0 && (
        <section className="banners" aria-label="Featured">
          {content.banners.map((banner) => (
            <a key={banner.href} className="banner" href={banner.href}>
              {banner.image && <img src={banner.image} alt="" width="320" height="160" loading="lazy" />}
              <strong>{banner.title}</strong>
              {banner.subtitle && <span>{banner.subtitle}</span>}
            </a>
          ))}
        </section>
      )}
      <section aria-labelledby="home-categories">
        <h2 id="home-categories">Shop by category</h2>
        <ul className="tile-list">
          {content.categories.map((category) => (
            <li key={category.name}>
              <a href={category.href}>{category.name}</a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="home-makes">
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
    </div>
  );
}
