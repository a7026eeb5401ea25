import {
  BLOG_ROUTE,
  type BlogBannerItem,
  type CategoryBannerItem,
  categoryBannerFor,
} from '../../../shared/content/blog.ts';
import { type MarketId, marketById } from '../../../shared/markets.ts';
import { staticAsset } from '../../platform/build-info.ts';

/** A scheduled content banner: a picture with a separate one for narrow screens, linked when it has a link. */
export function ContentBanner({
  item,
  className,
  width,
  height,
}: {
  item: BlogBannerItem | CategoryBannerItem;
  className: string;
  width: number;
  height: number;
}) {
  const picture = (
    <picture>
      {item.mobileImage && <source media="(max-width: 640px)" srcSet={staticAsset(item.mobileImage)} />}
      <img src={staticAsset(item.image)} alt={item.alt} width={width} height={height} fetchPriority="high" />
    </picture>
  );
  return <div className={`content-banner ${className}`}>{item.href ? <a href={item.href}>{picture}</a> : picture}</div>;
}

/**
 * The `important-category-banner` item for a category (by id or handle) or a collection (by handle) that is
 * shown now in the market; nothing when there is none. `config` is the stored content config as read.
 */
export function CategoryBanner({
  config,
  categoryId,
  handle,
  market,
  now,
}: {
  config: unknown;
  categoryId?: number | null;
  handle?: string | null;
  market: MarketId;
  now: number;
}) {
  const item = categoryBannerFor(config, { categoryId, handle }, now, market);
  if (!item) return null;
  // The blog is US only (§2): where it is hidden, a banner linking to it shows unlinked rather than lead to a 404.
  const linked = item.href?.startsWith(BLOG_ROUTE) && !marketById(market).showBlog ? { ...item, href: null } : item;
  return <ContentBanner item={linked} className="category-banner" width={1200} height={240} />;
}
