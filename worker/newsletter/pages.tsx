import { type Context, Hono } from 'hono';
import * as m from '../../shared/i18n/generated/messages.js';
import { getShopSettings } from '../content/service.ts';
import type { AppEnv } from '../env.ts';
import { credentialCookie, exchangeOnArrival, forgetCredential } from '../platform/link-exchange.ts';
import { systemClock } from '../platform/clock.ts';
import { LINK_SECONDS } from '../platform/tokens.ts';
import { NEWSLETTER_PATH, type NewsletterLink, NewsletterLinkPage } from './views/NewsletterLinkPage.tsx';

/**
 * The pages the newsletter email's links open (issue 35): the confirmation of the double opt-in and leaving the
 * newsletter. Each takes its token out of the address on arrival (an HttpOnly cookie keeps it, so no script,
 * tracker or referrer reads it) and acts only when the shopper presses the button.
 */

export interface NewsletterLinkActions {
  /** Confirms the subscription the token names; false when the token is not valid. */
  confirm(c: Context<AppEnv>, token: string): Promise<boolean>;
  /** Ends the subscription the token names; false when the token is not valid. */
  leave(c: Context<AppEnv>, token: string): Promise<boolean>;
}

const COOKIE: Record<NewsletterLink, string> = { confirm: 'link_news_confirm', leave: 'link_news_leave' };
/** The cookie lasts as long as the link, a day at most: opening the email again brings it back. */
const LIFETIME: Record<NewsletterLink, number> = {
  confirm: Math.min(LINK_SECONDS['newsletter-confirm'], 86_400),
  leave: Math.min(LINK_SECONDS['newsletter-unsubscribe'], 86_400),
};
const ANSWER: Record<NewsletterLink, { done: () => string; invalid: () => string }> = {
  confirm: { done: m.newsletter_confirmed, invalid: m.newsletter_confirm_invalid },
  leave: { done: m.newsletter_left, invalid: m.newsletter_leave_invalid },
};

async function render(c: Context<AppEnv>, link: NewsletterLink, result: { ok: boolean; text: string } | null) {
  const settings = await getShopSettings(c.env.SETTINGS, systemClock);
  const linked = credentialCookie(c, COOKIE[link]) !== null;
  const view = { link, shopName: settings.SHOP_NAME, linked, result };
  return c.render(<NewsletterLinkPage view={view} />, { robots: 'noindex' });
}

/** The two link pages, acting through `actions` (the newsletter's service, handed over by its routes). */
export function newsletterLinkPages(actions: NewsletterLinkActions) {
  const pages = new Hono<AppEnv>();
  for (const link of ['confirm', 'leave'] as const) {
    pages
      .get(NEWSLETTER_PATH[link], async (c) => {
        const exchanged = exchangeOnArrival(c, 'token', { cookie: COOKIE[link], maxAgeSeconds: LIFETIME[link] });
        return exchanged ?? render(c, link, null);
      })
      .post(NEWSLETTER_PATH[link], async (c) => {
        const token = credentialCookie(c, COOKIE[link]);
        const ok = token !== null && (await actions[link](c, token));
        if (ok) forgetCredential(c, COOKIE[link]);
        c.status(ok ? 200 : 400);
        return render(c, link, { ok, text: ok ? ANSWER[link].done() : ANSWER[link].invalid() });
      });
  }
  return pages;
}
