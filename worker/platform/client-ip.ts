import type { Context } from 'hono';

/** The caller's IP, for rate limits: Cloudflare's header, else the first forwarded address. */
export const clientIp = (c: Context) =>
  c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? 'local';
