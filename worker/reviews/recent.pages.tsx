import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { recentReviewsPage, requestedPage } from './recent.ts';
import { RecentReviewsPage } from './views/RecentReviewsPage.tsx';

/** /reviews (§2): recent published reviews across the shop; its title comes from the content configs. */
export const recentReviewsPages = new Hono<AppEnv>().get('/reviews', async (c) => {
  const view = await recentReviewsPage(c.env.DB, requestedPage(c.req.query('page')));
  return c.render(<RecentReviewsPage view={view} />, { pageType: 'other' });
});
