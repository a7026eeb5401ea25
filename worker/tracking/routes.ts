import { Hono } from 'hono';
import { COOKIE } from '../../shared/constants.ts';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { readCookie } from '../platform/cookies.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { queueTrackEvent } from './service.ts';
import { acceptedAnswer, marketingBody, trackBody } from '../../shared/api/tracking.ts';

const track = endpoint({
  ...API.track,
  tag: 'tracking',
  summary: 'A tracking event (§7 Tracking), queued for the analytics pipeline',
  body: trackBody,
  response: acceptedAnswer,
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

const pageLoad = endpoint({
  method: 'post',
  path: '/data-service/public/buyer/marketing/page-load',
  tag: 'tracking',
  summary: 'An affiliate page load (§7 Tracking), queued',
  body: marketingBody,
  response: acceptedAnswer,
});
const conversion = endpoint({
  ...API.conversion,
  tag: 'tracking',
  summary: 'A conversion, sent when the paid result is SUCCEEDED (§4), queued with the affiliate click id',
  body: marketingBody,
  response: acceptedAnswer,
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
