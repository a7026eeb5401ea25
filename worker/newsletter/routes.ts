import { Hono } from 'hono';
import * as z from 'zod';
import { COOKIE } from '../../shared/constants.ts';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { readCookie, writeCookie } from '../platform/cookies.ts';
import {
  confirmSubscription,
  provenVisitorEmail,
  subscribe,
  subscribeState,
  unsubscribe,
  unsubscribeEmailOf,
  visitorProof,
  type NewsletterDeps,
} from './service.ts';
import { RULES, enforce } from '../platform/rate-limit.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { newsletterLinkPages } from './pages.tsx';
import { subscribeAnswer, subscribeBody, unsubscribeBody } from '../../shared/api/newsletter.ts';
import { clientIp } from '../platform/client-ip.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { getShopSettings } from '../content/service.ts';
import type { Context } from 'hono';
import { marketOrigin } from '../platform/origin.ts';

const ONE_YEAR = 31_536_000;
/** HttpOnly proof that the shop itself remembered the visitor's email: a cookie typed by hand proves nothing. */
const PROOF_COOKIE = 'subscribe_proof';

const subscribeCall = endpoint({
  ...API.subscribe,
  tag: 'newsletter',
  summary: 'Subscribe to the newsletter (§7 Other calls): email, type SUBSCRIBE, source, position',
  body: subscribeBody,
  response: subscribeAnswer,
});
const confirmCall = endpoint({
  method: 'post',
  path: '/account/public/buyer/subscribe/confirm',
  tag: 'newsletter',
  summary: 'Confirm a subscription from its emailed link (double opt-in)',
  body: z.object({ token: z.string().min(10).max(4096) }),
  response: z.object({ state: z.literal('SUBSCRIBED') }),
});
const unsubscribeCall = endpoint({
  ...API.unsubscribe,
  tag: 'newsletter',
  summary: 'Leave the newsletter: one click with the emailed token, or the signed-in member',
  body: unsubscribeBody,
  response: z.null(),
});
const infoCall = endpoint({
  method: 'get',
  path: '/account/public/buyer/subscribe/info',
  tag: 'newsletter',
  summary: "The signed-in member's subscribe state, or the visitor's own (the email this browser subscribed)",
  response: z.object({
    state: z.enum(['SUBSCRIBED', 'NOT_SUBSCRIBE_CUSTOMER', 'NOT_SUBSCRIBE_CUSTOMER_VISITOR', 'VISITOR_UNAVAILABLE']),
  }),
});

async function deps(c: Context<AppEnv>): Promise<NewsletterDeps> {
  const settings = await getShopSettings(c.env.SETTINGS, systemClock);
  return {
    db: c.env.DB,
    secret: c.env.AUTH_SECRET,
    mailer: await mailerFor(c.env),
    shopName: settings.SHOP_NAME,
    // Links in emails use the market's configured origin, never the request's Host header.
    origin: marketOrigin(c.env, c.var.market.id),
    market: c.var.market.id,
  };
}

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const newsletterEndpoints: readonly Endpoint[] = [subscribeCall, confirmCall, unsubscribeCall, infoCall];

/** The newsletter (§3, §4, §8): subscribe, confirm, leave, state. */
export const newsletter = new Hono<AppEnv>()
  .post(subscribeCall.path, async (c) => {
    const body = await readBody(c, subscribeCall);
    await enforce(c.env.RATE_LIMITER, [{ key: `newsletter:ip:${clientIp(c)}`, rule: RULES.newsletterPerIp }]);
    const result = await subscribe(await deps(c), {
      email: body.email,
      source: body.subscribeSource ?? body.source,
      position: body.position ?? null,
      member: c.var.member,
    });
    if (!c.var.member) {
      writeCookie(c, COOKIE.newsletterEmail, body.email, ONE_YEAR);
      writeCookie(c, PROOF_COOKIE, await visitorProof(c.env.AUTH_SECRET, body.email), ONE_YEAR, true);
    }
    return c.json(ok(result));
  })
  .post(confirmCall.path, async (c) => {
    const { token } = await readBody(c, confirmCall);
    if (!(await confirmSubscription(await deps(c), token)))
      throw ApiError.badRequest('This link is invalid or has expired. Please subscribe again.');
    return c.json(ok({ state: 'SUBSCRIBED' as const }));
  })
  .post(unsubscribeCall.path, async (c) => {
    const { token } = await readBody(c, unsubscribeCall);
    const email = token ? await unsubscribeEmailOf(token, c.env.AUTH_SECRET) : (c.var.member?.email ?? null);
    if (!email) throw ApiError.badRequest('This link is invalid. Sign in to manage your subscription.');
    await unsubscribe(await deps(c), email);
    return c.json(ok(null));
  })
  .get(infoCall.path, async (c) => {
    const visitorEmail = await provenVisitorEmail(
      c.env.AUTH_SECRET,
      readCookie(c, COOKIE.newsletterEmail),
      readCookie(c, PROOF_COOKIE),
    );
    return c.json(ok({ state: await subscribeState(c.env.DB, c.var.member, visitorEmail) }));
  });

/** The pages the newsletter email's links open, acting through this module's service. */
export const newsletterPages = newsletterLinkPages({
  confirm: async (c, token) => confirmSubscription(await deps(c), token),
  async leave(c, token) {
    const email = await unsubscribeEmailOf(token, c.env.AUTH_SECRET);
    if (email) await unsubscribe(await deps(c), email);
    return email !== null;
  },
});
