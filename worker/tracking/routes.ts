import { Hono } from 'hono';
import { z } from 'zod';
import { COOKIE } from '../../shared/constants.ts';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { readCookie } from '../platform/cookies.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { queueTrackEvent } from './service.ts';

const short = z.string().max(200).optional();
const track = endpoint({
  method: 'post',
  path: '/data-service/public/event/track',
  tag: 'tracking',
  summary: 'A tracking event (§7 Tracking), queued for the analytics pipeline',
  body: z.object({
    event: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[a-z0-9_.:-]+$/i, 'must be letters, digits, dots, dashes or underscores'),
    data: z
      .record(z.string(), z.unknown())
      .default({})
      .refine((value) => JSON.stringify(value).length <= 8000, 'is too large'),
    page_url: z.string().max(2000).default(''),
    referrer: z.string().max(2000).default(''),
    ts: z.number().int().nonnegative().optional(),
    client_id: short,
    id: short,
    session_id: short,
    alb_group: short,
    ab_test_group: short,
    ip: short,
    netWork: short,
    downlinkSpeed: z.union([z.number(), z.string().max(20)]).optional(),
  }),
  response: z.object({ accepted: z.literal(true) }),
});

/** Tracking events from the browser: validated, then queued (at-least-once, consumers idempotent). */
export const trackingApi = new Hono<AppEnv>().post(track.path, async (c) => {
  const body = await readBody(c, track);
  await queueTrackEvent(c.env.EVENTS, {
    event: body.event,
    data: body.data,
    pageUrl: body.page_url,
    referrer: body.referrer,
    ts: body.ts ?? Date.now(),
    clientId: body.client_id ?? '',
    sessionId: body.session_id ?? '',
    visitorKey: c.var.visitorKey,
    abTestGroup: body.ab_test_group ?? readCookie(c, COOKIE.abTestGroup) ?? '',
    market: c.var.market.id,
  });
  return c.json(ok({ accepted: true as const }));
});

const marketingBody = z.object({
  clickId: z.string().max(200).optional(),
  orderId: z.string().max(40).optional(),
  pageUrl: z.string().max(2000).default(''),
  eventDate: z.union([z.string().max(40), z.number()]).optional(),
  referringUrl: z.string().max(2000).default(''),
  customProfileId: z.string().max(200).optional(),
});
const pageLoad = endpoint({
  method: 'post',
  path: '/data-service/public/buyer/marketing/page-load',
  tag: 'tracking',
  summary: 'An affiliate page load (§7 Tracking), queued',
  body: marketingBody,
  response: z.object({ accepted: z.literal(true) }),
});
const conversion = endpoint({
  method: 'post',
  path: '/data-service/public/buyer/marketing/conversion',
  tag: 'tracking',
  summary: 'A conversion, sent when the paid result is SUCCEEDED (§4), queued with the affiliate click id',
  body: marketingBody,
  response: z.object({ accepted: z.literal(true) }),
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const trackingEndpoints: readonly Endpoint[] = [track, pageLoad, conversion];

for (const spec of [pageLoad, conversion]) {
  trackingApi.post(spec.path, async (c) => {
    const body = await readBody(c, spec);
    const event = spec === conversion ? 'marketing_conversion' : 'marketing_page_load';
    await queueTrackEvent(c.env.EVENTS, {
      event,
      data: { ...body, clickId: body.clickId ?? readCookie(c, COOKIE.affiliateClickId) ?? null },
      pageUrl: body.pageUrl,
      referrer: body.referringUrl,
      ts: Date.now(),
      clientId: '',
      sessionId: '',
      visitorKey: c.var.visitorKey,
      abTestGroup: readCookie(c, COOKIE.abTestGroup) ?? '',
      market: c.var.market.id,
    });
    return c.json(ok({ accepted: true as const }));
  });
}
