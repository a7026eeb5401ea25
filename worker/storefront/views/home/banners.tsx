import type { BannerItem } from '../../../../shared/content/home.ts';
import { staticAsset } from '../../../platform/build-info.ts';

/** Intrinsic sizes of the banner pictures (the SVGs' viewBoxes), so the page keeps its layout as they load. */
export const HERO_SIZE = { width: 1200, height: 400 } as const;
export const MOBILE_HERO_SIZE = { width: 720, height: 480 } as const;
const CATEGORY_BANNER_SIZE = { width: 600, height: 300 } as const;
/** Where the phone layout begins (the mobile header's width, §2 Shell behaviour). */
const PHONE = '(max-width: 960px)';
const DESKTOP = '(min-width: 961px)';
/** A transparent pixel: the picture of the other layout costs no download. */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

interface BannerProps {
  banner: BannerItem;
  size: { width: number; height: number };
  /** The layout the banner is not for, whose picture is left empty. */
  hiddenAt: string;
  first: boolean;
}

/** One hero banner: the first of its layout loads at once, the others when scrolled to. */
function HeroBanner({ banner, size, hiddenAt, first }: BannerProps) {
  return (
    <li>
      <a className="hero-banner" href={banner.href}>
        <picture>
          <source media={hiddenAt} srcSet={NOTHING} />
          <img
            src={staticAsset(banner.image)}
            alt={banner.alt ?? ''}
            width={size.width}
            height={size.height}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            decoding="async"
          />
        </picture>
        <span className="hero-banner__words">
          <strong>{banner.title}</strong>
          {banner.subtitle && <span>{banner.subtitle}</span>}
        </span>
      </a>
    </li>
  );
}

/**
 * The hero: the `banner` config's banners on a desktop, the `mobile-banner` config's on a phone.
 * CSS picks the list and each picture is empty in the other layout, so neither needs script nor
 * downloads what it does not show. Several banners scroll sideways.
 */
export function HeroBanners({ banners, mobileBanners }: { banners: BannerItem[]; mobileBanners: BannerItem[] }) {
  if (banners.length === 0 && mobileBanners.length === 0) return null;
  return (
    <section className="home-hero" aria-label="Featured">
      {banners.length > 0 && (
        <ul className="home-hero__list home-hero__list--desktop" data-hero="desktop">
          {banners.map((banner, index) => (
            <HeroBanner
              key={banner.href + banner.title}
              banner={banner}
              size={HERO_SIZE}
              hiddenAt={PHONE}
              first={index === 0}
            />
          ))}
        </ul>
      )}
      {mobileBanners.length > 0 && (
        <ul className="home-hero__list home-hero__list--mobile" data-hero="mobile">
          {mobileBanners.map((banner, index) => (
            <HeroBanner
              key={banner.href + banner.title}
              banner={banner}
              size={MOBILE_HERO_SIZE}
              hiddenAt={DESKTOP}
              first={index === 0}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Important category banners: wide pictures that lead into a category, below the fold. */
export function ImportantCategoryBanners({ banners }: { banners: BannerItem[] }) {
  if (banners.length === 0) return null;
  return (
    <section className="home-block" aria-labelledby="home-featured-categories">
      <h2 id="home-featured-categories" className="visually-hidden">
        Featured categories
      </h2>
      <ul className="home-category-banners">
        {banners.map((banner) => (
          <li key={banner.href + banner.title}>
            <a className="home-category-banner" href={banner.href}>
              <img
                src={staticAsset(banner.image)}
                alt={banner.alt ?? ''}
                width={CATEGORY_BANNER_SIZE.width}
                height={CATEGORY_BANNER_SIZE.height}
                loading="lazy"
                decoding="async"
              />
              <span className="home-category-banner__words">
                <strong>{banner.title}</strong>
                {banner.subtitle && <span>{banner.subtitle}</span>}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
