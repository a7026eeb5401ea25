/** The shop-wide /reviews page: what it shows of the newest published reviews. */
import { type RecentReviewRow, recentReviewRepository } from './recent-repository.ts';
import { currentLocale } from '../../shared/i18n/current.ts';
import { titlesInFrench } from '../catalog/service.ts';

/** A product's title in the language being spoken (the catalog's French on a French page). */
const localTitle = (title: string) =>
  currentLocale() === 'fr' ? (titlesInFrench({ title }) as { title: string }).title : title;

/** Reviews on one page of /reviews. */
export const RECENT_REVIEWS_PAGE_SIZE = 20;
/** The furthest page anyone can ask for; past it the request is read as the first page. */
const LAST_PAGE = 10_000;

/** What /reviews shows: one page of the newest published reviews and the shop's rating above them. */
export interface RecentReviews {
  reviews: RecentReviewRow[];
  total: number;
  /** The average star rating to one decimal, or null while nothing is published. */
  average: number | null;
  page: number;
  pages: number;
}

/** The page a ?page= query asks for: a whole number from 1, else the first page. */
export function requestedPage(query: string | undefined): number {
  const page = Number(query ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= LAST_PAGE ? page : 1;
}

/** One page of the newest published reviews across the shop, newest first, with the shop's average and count. */
export async function recentReviewsPage(db: D1Database, page: number): Promise<RecentReviews> {
  const { rows, rating } = await recentReviewRepository(db).newestPublished(
    RECENT_REVIEWS_PAGE_SIZE,
    (page - 1) * RECENT_REVIEWS_PAGE_SIZE,
  );
  return {
    reviews: rows.map((row) => ({ ...row, itemTitle: localTitle(row.itemTitle) })),
    total: rating.total,
    average: rating.average === null ? null : Math.round(rating.average * 10) / 10,
    page,
    pages: Math.max(1, Math.ceil(rating.total / RECENT_REVIEWS_PAGE_SIZE)),
  };
}
