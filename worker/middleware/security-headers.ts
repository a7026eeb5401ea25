import { createMiddleware } from 'hono/factory';

/** Headers every answer carries. */
export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.res.headers.set('X-Frame-Options', 'SAMEORIGIN');
  c.res.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
});
