import HomeAnnouncements from '../../../client/islands/HomeAnnouncements.tsx';
import HomeProductRow from '../../../client/islands/HomeProductRow.tsx';
import type { HomeSection } from '../../../shared/content/home.ts';
import { Island } from '../../platform/render/Island.tsx';
import { MarkupCache } from '../../platform/render/markup-cache.ts';
import type { Shell } from '../../platform/render/shell.ts';
import type { HomeContent } from '../home-content.ts';
import { HeroBanners, ImportantCategoryBanners } from './home/banners.tsx';
import { Brands, FrontCategories, PopularMakes, VehiclePicker } from './home/blocks.tsx';
import { DiscountWindow, TopDeals } from './home/offers.tsx';

export interface HomePageProps {
  shell: Shell;
  content: HomeContent;
  /** The shopper closed the announcement bar earlier in this visit. */
  announcementsDismissed: boolean;
}

/**
 * Rendered blocks that are the same for every shopper of a market while their content is unchanged,
 * reused across requests (rendering is most of the page's server CPU). The announcement bar (a cookie
 * hides it), the countdown (drawn from the clock) and the rows filled in the browser render each time.
 */
const renderedBlocks = new MarkupCache(64);

/** What a shared block is drawn from, as its cache fingerprint; undefined for blocks drawn per request. */
function drawnFrom(section: HomeSection, { shell, content }: HomePageProps): unknown {
  switch (section) {
    case 'hero':
      return [content.banners, content.mobileBanners];
    case 'vehicle-picker':
      return [shell.settings.SHOP_NAME, shell.market.id];
    case 'front-categories':
      return content.categories;
    case 'top-deals':
      return content.topDeals;
    case 'important-category-banners':
      return content.importantBanners;
    case 'popular-makes':
      return true;
    case 'brands':
      return content.brands;
    default:
      return undefined;
  }
}

/** A block, its markup reused while what it is drawn from is unchanged. */
function SharedBlock(props: HomePageProps & { section: HomeSection }) {
  const from = drawnFrom(props.section, props);
  if (from === undefined) return <Block {...props} />;
  const markup = renderedBlocks.markup(`${props.shell.market.id}|${props.section}`, JSON.stringify(from), () => (
    <Block {...props} />
  ));
  return <div className="home-part" style={{ display: 'contents' }} dangerouslySetInnerHTML={markup} />;
}

/** One block of the page by its section name; blocks with nothing live render nothing. */
function Block({ section, shell, content, announcementsDismissed }: HomePageProps & { section: HomeSection }) {
  switch (section) {
    case 'announcement-bar':
      if (announcementsDismissed || content.announcements.length === 0) return null;
      return <Island name="HomeAnnouncements" component={HomeAnnouncements} props={{ items: content.announcements }} />;
    case 'hero':
      return <HeroBanners banners={content.banners} mobileBanners={content.mobileBanners} />;
    case 'vehicle-picker':
      return <VehiclePicker shell={shell} />;
    case 'front-categories':
      return <FrontCategories categories={content.categories} />;
    case 'top-deals':
      return <TopDeals deals={content.topDeals} />;
    case 'discount-window':
      return <DiscountWindow offer={content.discountWindow} now={content.now} />;
    case 'important-category-banners':
      return <ImportantCategoryBanners banners={content.importantBanners} />;
    case 'recently-viewed':
    case 'fits-your-vehicle':
      return <Island name="HomeProductRow" component={HomeProductRow} props={{ row: section }} hydrate="idle" />;
    case 'popular-makes':
      return <PopularMakes />;
    case 'brands':
      return <Brands brands={content.brands} />;
  }
}

/** The home page: its blocks in the order the `home-page` content config lists them. */
export function HomePage(props: HomePageProps) {
  const { content } = props;
  return (
    <div className="home" data-sections={content.sections.join(' ')}>
      {!content.sections.includes('vehicle-picker') && (
        <h1 className="visually-hidden">Aftermarket car parts that fit your vehicle</h1>
      )}
      {content.sections.map((section) => (
        <SharedBlock key={section} section={section} {...props} />
      ))}
    </div>
  );
}
