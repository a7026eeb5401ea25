import HomeAnnouncements from '../../../client/islands/HomeAnnouncements.tsx';
import HomeProductRow from '../../../client/islands/HomeProductRow.tsx';
import type { HomeSection } from '../../../shared/content/home.ts';
import { Island } from '../../views/Island.tsx';
import type { Shell } from '../../views/layout/shell.ts';
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
      return <Island name="HomeProductRow" component={HomeProductRow} props={{ row: section }} />;
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
        <Block key={section} section={section} {...props} />
      ))}
    </div>
  );
}
