import type { Context } from 'hono';
import type * as z from 'zod';
import { failure } from '../../shared/envelope.ts';
import { getShopSettings } from '../content/service.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { Bindings } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { ApiError } from '../platform/api-error.ts';
import { invalidFields } from '../platform/contract.ts';
import type { ChatDeps } from './deps.ts';
import type { ChatImageUpload } from './images.ts';
import { ATTACHMENT_MSG } from './tickets.ts';
import { marketOrigin } from '../platform/origin.ts';

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
    origin: marketOrigin(env, market),
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

/**
 * The image a chat form posted (its `file` field), or null when none was sent. A body over the size
 * limit is refused before it is read.
 */
export async function postedImage(c: Context, limitBytes: number): Promise<ChatImageUpload | null> {
  if (Number(c.req.header('content-length') ?? 0) > limitBytes + 64 * 1024) {
    throw new ApiError(413, 413, ATTACHMENT_MSG.tooLarge);
  }
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) return null;
  const form = await c.req.parseBody().catch(() => {
    throw ApiError.badRequest(ATTACHMENT_MSG.unreadable);
  });
  const file = form.file;
  if (!(file instanceof File)) return null;
  return { name: file.name, size: file.size, bytes: await file.arrayBuffer() };
}

/** A chat image as the browser gets it: its type from its checked bytes, private, never sniffed. */
export function imageAnswer(image: R2ObjectBody): Response {
  return new Response(image.body, {
    headers: {
      'content-type': image.httpMetadata?.contentType ?? 'application/octet-stream',
      'content-length': String(image.size),
      'cache-control': 'private, max-age=3600',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** A path outside the API answers its refusals in the §7 envelope itself. */
export async function enveloped(c: Context, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return c.json(failure(error.httpCode, error.code, error.message, error.data), error.httpCode as 400);
  }
}

/** The query of a path outside the API, by its schema; a bad one is a 400. */
export function queryOf<Q extends z.ZodType>(c: Context, schema: Q): z.infer<Q> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw invalidFields(parsed.error);
  return parsed.data;
}
