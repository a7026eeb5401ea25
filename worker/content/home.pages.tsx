import { Hono } from 'hono';
import { systemClock } from '../platform/clock.ts';
import { contentConfig } from './service.ts';
import type { AppEnv } from '../env.ts';
import { HomePage, type HomeContent } from './views/HomePage.tsx';

type Items<T> = { items?: T[] } | null;

/** Reads the home page's content configs; a missing config leaves its block out. */
async function homeContent(kv: KVNamespace): Promise<HomeContent> {
  const config = <T,>(key: string) => contentConfig(kv, systemClock, key) as Promise<Items<T>>;
  const [banner, category, announcement] = await Promise.all([
    config<HomeContent['banners'][number]>('banner'),
    config<HomeContent['categories'][number]>('front-category'),
    config<HomeContent['announcements'][number]>('announcement'),
  ]);
  return { banners: banner?.items ?? [], categories: category?.items ?? [], announcements: announcement?.items ?? [] };
}

export const homePage = new Hono<AppEnv>().get('/', async (c) => {
  return c.render((shell, content) => <HomePage shell={shell} content={content} />, {
    pageType: 'home',
    data: homeContent(c.env.SETTINGS),
  });
});
