import { getShopSettings } from '../content/service.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { Bindings } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import type { ChatDeps } from './deps.ts';

/** Live chat's dependencies for a request of a market (shopper routes and the back office's chat pages). */
export async function chatDeps(env: Bindings, market: MarketId): Promise<ChatDeps> {
  const settings = await getShopSettings(env.SETTINGS, systemClock);
  return {
    db: env.DB,
    media: env.MEDIA,
    secret: env.AUTH_SECRET,
    conversations: env.CHAT_CONVERSATION,
    presence: env.CHAT_PRESENCE,
    rateLimiter: env.RATE_LIMITER,
    mailer: await mailerFor(env),
    shopName: settings.SHOP_NAME,
    liveChat: settings.LIVE_CHAT,
    // Links in emails use the market's configured origin, never the request's Host header.
    origin: market === 'ca' ? env.CA_ORIGIN : env.US_ORIGIN,
    shopId: env.SHOP_ID,
    clock: systemClock,
  };
}

/**
 * The socket a Durable Object answered, in a Response of our own: the object's headers cannot be
 * changed, and the edge middleware adds its security headers to every answer.
 */
export function socketAnswer(upstream: Response): Response {
  if (upstream.status !== 101 || !upstream.webSocket) return new Response(null, { status: upstream.status });
  return new Response(null, { status: 101, webSocket: upstream.webSocket });
}

/** Whether a request asks to open a WebSocket. */
export const wantsSocket = (request: Request) => request.headers.get('upgrade')?.toLowerCase() === 'websocket';
