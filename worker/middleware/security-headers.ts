import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { toBase64 } from '../../shared/base64.ts';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
import type { AppEnv } from '../env.ts';
import { thirdPartyOrigins } from '../../shared/settings.ts';
import { getShopSettings } from '../content/service.ts';
import { systemClock } from '../platform/clock.ts';

const PROTECTIVE_HEADERS: SecureHeadersOptions = {
  crossOriginOpenerPolicy: 'same-origin-allow-popups',
  crossOriginResourcePolicy: 'same-site',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'SAMEORIGIN',
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ['self'] },
};
/** HSTS only where the shop is served over HTTPS: a local http:// shop must not pin itself to HTTPS. */
const overHttps = secureHeaders({
  ...PROTECTIVE_HEADERS,
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
});
const overHttp = secureHeaders({ ...PROTECTIVE_HEADERS, strictTransportSecurity: false });

function randomNonce(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * What Stripe.js needs where a page pays in the browser (Stripe's documented CSP: its script, the
 * card fields' and 3-D Secure frames, its API).
 */
const STRIPE_JS_ORIGINS = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The Content-Security-Policy of a page: scripts only from the shop itself, inline ones only with
 * this response's nonce (React's streaming scripts, the invoice's print button), plus the origins
 * the shop settings name (marketing script, email-marketing list). Styles may be inline (the header's
 * colour).
 */
export function contentSecurityPolicy(
  nonce: string,
  others: ReturnType<typeof thirdPartyOrigins>,
  stripeJs = false,
): string {
  const stripe = stripeJs ? STRIPE_JS_ORIGINS : { script: [], frame: [], connect: [] };
  const scripts = ["'self'", `'nonce-${nonce}'`, ...(others.script ? [others.script] : []), ...stripe.script];
  const connect = ["'self'", ...(others.connect ? [others.connect] : []), ...stripe.connect];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    ...(stripeJs ? [`frame-src 'self' ${stripe.frame.join(' ')}`] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Headers every answer carries (HSTS over HTTPS, COOP, Referrer-Policy, Permissions-Policy, nosniff,
 * frame options), and the Content-Security-Policy on pages. The nonce is drawn before the page
 * renders (`c.var.cspNonce`) so the renderer can put it on inline scripts.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const nonce = randomNonce();
  c.set('cspNonce', nonce);
  const https = new URL(c.req.url).protocol === 'https:';
  // A stricter policy a route chose (an emailed link's exchange: no-referrer) stays over the shop-wide one.
  let ownReferrerPolicy: string | null = null;
  await (https ? overHttps : overHttp)(c, async () => {
    await next();
    ownReferrerPolicy = c.res.headers.get('Referrer-Policy');
  });
  if (ownReferrerPolicy) c.res.headers.set('Referrer-Policy', ownReferrerPolicy);
  if (!c.res.headers.get('content-type')?.startsWith('text/html')) return;
  const others = await getShopSettings(c.env.SETTINGS, systemClock)
    .then(thirdPartyOrigins)
    .catch(() => ({ script: null, connect: null }));
  c.res.headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, others, c.get('stripeJs') === true));
});
