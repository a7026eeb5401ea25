import { Hono } from 'hono';
import type { MarketId } from '../../shared/markets.ts';
import { systemClock } from '../platform/clock.ts';
import { freeShippingPromise } from '../promotions/service.ts';
import { announcementsFor, type AnnouncementConfigItem } from './announcements.ts';
import { contentConfig } from './service.ts';
import type { AppEnv } from '../env.ts';
import { HomePage, type HomeContent } from './views/HomePage.tsx';

type Items<T> = { items?: T[] } | null;

/**
 * Reads the home page's content configs and the market's free-shipping promise; a missing config
 * leaves its block out.
 */
async function homeContent(env: AppEnv['Bindings'], market: MarketId): Promise<HomeContent> {
  const config = <T,>(key: string) => contentConfig(env.SETTINGS, systemClock, key) as Promise<Items<T>>;
  const [banner, category, announcement, freeShipping] = await Promise.all([
    config<HomeContent['banners'][number]>('banner'),
    config<HomeContent['categories'][number]>('front-category'),
    config<AnnouncementConfigItem>('announcement'),
    freeShippingPromise(env.DB, market, systemClock.now()),
  ]);
  return {
    banners: banner?.items ?? [],
    categories: category?.items ?? [],
    announcements: announcementsFor(announcement?.items ?? [], freeShipping),
  };
}

export const homePage = new Hono<AppEnv>().get('/', async (c) => {
  return c.render((shell, content) => <HomePage shell={shell} content={content} />, {
    pageType: 'home',
    data: homeContent(c.env, c.var.market.id),
  });
});
