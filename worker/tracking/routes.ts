import { Hono, type Context } from 'hono';
import { COOKIE } from '../../shared/constants.ts';
import { ok } from '../../shared/envelope.ts';
import { analyticsIdentified, TRACK_EVENT } from '../../shared/tracking.ts';
import { privacySignalsOf } from './http.ts';
import type { AppEnv } from '../env.ts';
import { readCookie } from '../platform/cookies.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { marketingAllowedFor, queueTrackEvent, rememberCheckoutVisitor, visitorAbTestGroup } from './service.ts';
import { acceptedAnswer, marketingBody, trackBody } from '../../shared/api/tracking.ts';
import { conversionEventId } from './paid-orders.ts';
import { analyticsUrl } from '../../shared/tracking-url.ts';
import { boundedTs, countTrackingCall, truncatedIp, withAnalyticsUrls } from './intake.ts';

const track = endpoint({
  ...API.track,
  tag: 'tracking',
  summary:
    'A tracking event (§7 Tracking), queued for the analytics sink; the Worker sets ip. Paid orders come from ' +
    'the payment, not the browser: order_paid and marketing events answer accepted false',
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

/**
 * What every event gets from the request, whatever the browser said (issue 35): the call is counted per visitor
 * and per address (429 past either), the address is cut to its network, and a Canadian shopper who has not
 * allowed analytics is counted without anything that tells their browser apart (no ids, visitor key or address).
 */
async function fromRequest(c: Context<AppEnv>) {
  const ip = c.req.header('cf-connecting-ip') ?? '';
  await countTrackingCall(c.env.RATE_LIMITER, { ip, visitorKey: c.var.visitorKey });
  const signals = privacySignalsOf(c);
  const identified = analyticsIdentified(signals);
  return {
    identified,
    marketingAllowed: marketingAllowedFor(signals),
    ip: identified ? truncatedIp(ip) : '',
    visitorKey: identified ? c.var.visitorKey : '',
    market: c.var.market.id,
    storedGroup: readCookie(c, COOKIE.abTestGroup),
  };
}

/**
 * Events only the shop writes (issue 25): a paid order and its revenue come from the payment, never from a
 * browser, and marketing calls have their own routes. The track call answers accepted false for them.
 */
const SERVER_ONLY_EVENTS: ReadonlySet<string> = new Set([
  TRACK_EVENT.orderPaid,
  TRACK_EVENT.marketingConversion,
  TRACK_EVENT.marketingPageLoad,
]);

/**
 * Tracking events from the browser: counted, cut to what analytics keep (addresses without their query, a time
 * near the shop's clock), then queued. The queue failing never fails the answer.
 */
export const trackingApi = new Hono<AppEnv>().post(track.path, async (c) => {
  const body = await readBody(c, track);
  const request = await fromRequest(c);
  if (SERVER_ONLY_EVENTS.has(body.event)) return c.json(ok({ accepted: false }));
  const now = Date.now();
  const own = (value: string | undefined) => (request.identified ? (value ?? '') : '');
  const event = {
    id: body.id || crypto.randomUUID(),
    event: body.event,
    data: withAnalyticsUrls(body.data),
    pageUrl: analyticsUrl(body.page_url),
    referrer: analyticsUrl(body.referrer),
    ts: boundedTs(body.ts, now),
    clientId: own(body.client_id),
    sessionId: own(body.session_id),
    albGroup: body.alb_group ?? '',
    abTestGroup: body.ab_test_group || visitorAbTestGroup(request.storedGroup, c.var.visitorKey),
    ip: request.ip,
    network: body.netWork ?? '',
    downlinkSpeed: body.downlinkSpeed === undefined ? '' : String(body.downlinkSpeed),
    visitorKey: request.visitorKey,
    market: request.market,
  };
  // The payment's webhook has no browser behind it: the server's paid-order events take these ids from here.
  if (event.event === TRACK_EVENT.checkoutStarted)
    await rememberCheckoutVisitor(c.env.DB, {
      ...event,
      visitorKey: c.var.visitorKey,
      clickId: request.marketingAllowed ? readCookie(c, COOKIE.affiliateClickId) || null : null,
      marketingAllowed: request.marketingAllowed,
      identified: request.identified,
      updatedAt: now,
    });
  return c.json(ok({ accepted: await queueTrackEvent(c.env.EVENTS, event) }));
});

for (const spec of [pageLoad, conversion]) {
  trackingApi.post(spec.path, async (c) => {
    const body = await readBody(c, spec);
    const request = await fromRequest(c);
    if (!request.marketingAllowed) return c.json(ok({ accepted: false }));
    const isConversion = spec === conversion;
    // One conversion per order: its id is the order's, so a second report of it is ignored by the sink. The
    // shop reports the conversion itself when the payment succeeds; only that one goes to the affiliate network.
    const id = isConversion && body.orderId ? conversionEventId(body.orderId) : crypto.randomUUID();
    const accepted = await queueTrackEvent(c.env.EVENTS, {
      id,
      event: isConversion ? TRACK_EVENT.marketingConversion : TRACK_EVENT.marketingPageLoad,
      data: withAnalyticsUrls({ ...body, clickId: body.clickId || readCookie(c, COOKIE.affiliateClickId) || null }),
      pageUrl: analyticsUrl(body.pageUrl),
      referrer: analyticsUrl(body.referringUrl),
      ts: Date.now(),
      clientId: body.customProfileId ?? '',
      sessionId: '',
      albGroup: '',
      abTestGroup: visitorAbTestGroup(request.storedGroup, c.var.visitorKey),
      ip: request.ip,
      network: '',
      downlinkSpeed: '',
      visitorKey: request.visitorKey,
      market: request.market,
    });
    return c.json(ok({ accepted }));
  });
}
