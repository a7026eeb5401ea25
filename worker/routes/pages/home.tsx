import { Hono } from 'hono';
import { contentStore } from '../../db/content-store.ts';
import type { AppEnv } from '../../env.ts';
import { HomePage, type HomeContent } from '../../views/pages/HomePage.tsx';
import { renderPage } from './render-page.tsx';

type Items<T> = { items?: T[] } | null;

/** Reads the home page's content configs; a missing config leaves its block out. */
async function homeContent(kv: KVNamespace): Promise<HomeContent> {
  const store = contentStore(kv);
  const [banner, category, announcement] = await Promise.all([
    store.contentConfig('banner') as Promise<Items<HomeContent['banners'][number]>>,
    store.contentConfig('front-category') as Promise<Items<HomeContent['categories'][number]>>,
    store.contentConfig('announcement') as Promise<Items<HomeContent['announcements'][number]>>,
  ]);
  return { banners: banner?.items ?? [], categories: category?.items ?? [], announcements: announcement?.items ?? [] };
}

export const homePage = new Hono<AppEnv>().get('/', async (c) => {
  return renderPage(c, (shell, content) => <HomePage shell={shell} content={content} />, {
    pageType: 'home',
    data: homeContent(c.env.SETTINGS),
  });
});
