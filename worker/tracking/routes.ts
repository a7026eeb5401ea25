import { Hono, type Context } from 'hono';
import { COOKIE } from '../../shared/constants.ts';
import { ok } from '../../shared/envelope.ts';
import { TRACK_EVENT } from '../../shared/tracking.ts';
import { privacySignalsOf } from './http.ts';
import type { AppEnv } from '../env.ts';
import { readCookie } from '../platform/cookies.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { marketingAllowedFor, queueTrackEvent, visitorAbTestGroup } from './service.ts';
import { acceptedAnswer, marketingBody, trackBody } from '../../shared/api/tracking.ts';

const track = endpoint({
  ...API.track,
  tag: 'tracking',
  summary: 'A tracking event (§7 Tracking), queued for the analytics sink; the Worker sets ip',
  body: trackBody,
  response: acceptedAnswer,
});
const pageLoad = endpoint({
  ...API.marketingPageLoad,
  tag: 'tracking',
  summary: 'An affiliate page load (§7 Tracking), queued; accepted false when privacy choices forbid marketing',
  body: marketingBody,
  response: acceptedAnswer,
});
const conversion = endpoint({
  ...API.conversion,
  tag: 'tracking',
  summary: 'A conversion, sent when the paid result is SUCCEEDED (§4), queued once per order with the click id',
  body: marketingBody,
  response: acceptedAnswer,
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const trackingEndpoints: readonly Endpoint[] = [track, pageLoad, conversion];

/** What every event gets from the request, whatever the browser said: the address, visitor, group, market. */
function fromRequest(c: Context<AppEnv>) {
  return {
    ip: c.req.header('cf-connecting-ip') ?? '',
    visitorKey: c.var.visitorKey,
    market: c.var.market.id,
    storedGroup: readCookie(c, COOKIE.abTestGroup),
  };
}

/** Tracking events from the browser: validated, then queued. The queue failing never fails the answer. */
export const trackingApi = new Hono<AppEnv>().post(track.path, async (c) => {
  const body = await readBody(c, track);
  const request = fromRequest(c);
  const orderId = body.event === TRACK_EVENT.orderPaid ? body.data.orderId : undefined;
  const accepted = await queueTrackEvent(c.env.EVENTS, {
    // A paid order counts once, however often its result page is shown: its id is the order's.
    id: typeof orderId === 'string' && orderId ? `order_paid:${orderId.slice(0, 60)}` : body.id || crypto.randomUUID(),
    event: body.event,
    data: body.data,
    pageUrl: body.page_url,
    referrer: body.referrer,
    ts: body.ts ?? Date.now(),
    clientId: body.client_id ?? '',
    sessionId: body.session_id ?? '',
    albGroup: body.alb_group ?? '',
    abTestGroup: body.ab_test_group || visitorAbTestGroup(request.storedGroup, request.visitorKey),
    ip: request.ip,
    network: body.netWork ?? '',
    downlinkSpeed: body.downlinkSpeed === undefined ? '' : String(body.downlinkSpeed),
    visitorKey: request.visitorKey,
    market: request.market,
  });
  return c.json(ok({ accepted }));
});

for (const spec of [pageLoad, conversion]) {
  trackingApi.post(spec.path, async (c) => {
    const body = await readBody(c, spec);
    if (!marketingAllowedFor(privacySignalsOf(c))) return c.json(ok({ accepted: false }));
    const request = fromRequest(c);
    const isConversion = spec === conversion;
    // One conversion per order: its id is the order's, so a second report of it is ignored by the sink.
    const id = isConversion && body.orderId ? `conversion:${body.orderId}` : crypto.randomUUID();
    const accepted = await queueTrackEvent(c.env.EVENTS, {
      id,
      event: isConversion ? TRACK_EVENT.marketingConversion : TRACK_EVENT.marketingPageLoad,
      data: { ...body, clickId: body.clickId || readCookie(c, COOKIE.affiliateClickId) || null },
      pageUrl: body.pageUrl,
      referrer: body.referringUrl,
      ts: Date.now(),
      clientId: body.customProfileId ?? '',
      sessionId: '',
      albGroup: '',
      abTestGroup: visitorAbTestGroup(request.storedGroup, request.visitorKey),
      ip: request.ip,
      network: '',
      downlinkSpeed: '',
      visitorKey: request.visitorKey,
      market: request.market,
    });
    return c.json(ok({ accepted }));
  });
}
