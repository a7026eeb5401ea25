import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { ANNOUNCEMENTS_DISMISSED_COOKIE } from '../../client/islands/HomeAnnouncements.tsx';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { homeContent } from './home-content.ts';
import { HomePage } from './views/HomePage.tsx';

/** The home page (§2 /): its blocks from the content configs, read while the shell loads. */
export const homePage = new Hono<AppEnv>().get('/', async (c) => {
  const announcementsDismissed = getCookie(c, ANNOUNCEMENTS_DISMISSED_COOKIE) === '1';
  return c.render(
    (shell, content) => <HomePage shell={shell} content={content} announcementsDismissed={announcementsDismissed} />,
    { pageType: 'home', data: homeContent(c.env, systemClock, c.var.market.id) },
  );
});
