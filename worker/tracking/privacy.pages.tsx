import { Hono, type Context } from 'hono';
import { failure, ok } from '../../shared/envelope.ts';
import { ERROR_CODE } from '../../shared/messages.ts';
import { privacyChoiceBody } from '../../shared/api/tracking.ts';
import { PRIVACY_CHOICES_PATH, PRIVACY_COOKIE, PRIVACY_COOKIE_SECONDS } from '../../shared/tracking.ts';
import type { AppEnv } from '../env.ts';
import { writeCookie } from '../platform/cookies.ts';
import { privacySignalsOf } from './http.ts';
import { marketingAllowedFor } from './service.ts';
import { PrivacyChoicesPage } from './views/PrivacyChoicesPage.tsx';

/** The choice a form or a JSON call posted, or null when it is neither 'allow' nor 'deny'. */
async function postedChoice(c: Context<AppEnv>): Promise<'allow' | 'deny' | null> {
  const json = /^application\/json\b/i.test(c.req.header('content-type') ?? '');
  const raw = json ? await c.req.json().catch(() => null) : await c.req.parseBody().catch(() => null);
  const parsed = privacyChoiceBody.safeParse(raw);
  return parsed.success ? parsed.data.marketing : null;
}

/** "Your Privacy Choices": the page, and the form (and consent banner) that records the choice in a cookie. */
export const privacyPages = new Hono<AppEnv>()
  .get(PRIVACY_CHOICES_PATH, (c) => {
    const signals = privacySignalsOf(c);
    const view = {
      market: signals.market,
      gpc: signals.gpc,
      marketingOn: marketingAllowedFor(signals),
      saved: c.req.query('saved') === '1',
    };
    return c.render(<PrivacyChoicesPage view={view} />, { pageType: 'other', title: 'Your Privacy Choices' });
  })
  .post(PRIVACY_CHOICES_PATH, async (c) => {
    const choice = await postedChoice(c);
    const wantsJson = (c.req.header('accept') ?? '').includes('application/json');
    if (!choice) {
      const message = "marketing must be 'allow' or 'deny'";
      return wantsJson ? c.json(failure(400, ERROR_CODE.badRequest, message), 400) : c.text(message, 400);
    }
    if (c.var.market.id === 'ca')
      writeCookie(c, PRIVACY_COOKIE.consent, choice === 'allow' ? 'granted' : 'denied', PRIVACY_COOKIE_SECONDS);
    else writeCookie(c, PRIVACY_COOKIE.optOut, choice === 'allow' ? '0' : '1', PRIVACY_COOKIE_SECONDS);
    if (wantsJson) return c.json(ok({ marketing: choice }));
    return c.redirect(`${PRIVACY_CHOICES_PATH}?saved=1`, 303);
  });
