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

/** The origins a provider's browser script needs, per directive. */
interface ScriptOrigins {
  script: string[];
  frame: string[];
  connect: string[];
  img: string[];
}
/**
 * What Stripe.js needs where a page pays in the browser (Stripe's documented CSP: its script, the
 * card fields' and 3-D Secure frames, its API).
 */
const STRIPE_JS_ORIGINS: ScriptOrigins = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: [],
};
/**
 * What PayPal's JS SDK needs for its buttons (PayPal's documented CSP, without Venmo, which the shop does not
 * offer): its script and the buttons' frames from paypal.com, their assets from paypalobjects.com.
 */
const PAYPAL_JS_ORIGINS: ScriptOrigins = {
  script: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
  frame: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
  connect: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
  img: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
};

/** Which providers' browser scripts a page loads. */
export interface PaymentScripts {
  stripeJs?: boolean;
  paypalJs?: boolean;
}

/**
 * The Content-Security-Policy of a page: scripts only from the shop itself, inline ones only with
 * this response's nonce (React's streaming scripts, the invoice's print button), plus the origins
 * the shop settings name (marketing script, email-marketing list) and those of the payment providers'
 * scripts the page loads. Styles may be inline (the header's colour).
 */
export function contentSecurityPolicy(
  nonce: string,
  others: ReturnType<typeof thirdPartyOrigins>,
  payments: PaymentScripts = {},
): string {
  const loaded = [...(payments.stripeJs ? [STRIPE_JS_ORIGINS] : []), ...(payments.paypalJs ? [PAYPAL_JS_ORIGINS] : [])];
  const of = (directive: keyof ScriptOrigins) => loaded.flatMap((origins) => origins[directive]);
  const scripts = ["'self'", `'nonce-${nonce}'`, ...(others.script ? [others.script] : []), ...of('script')];
  const connect = ["'self'", ...(others.connect ? [others.connect] : []), ...of('connect')];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    ...(loaded.length ? [`frame-src 'self' ${of('frame').join(' ')}`] : []),
    "style-src 'self' 'unsafe-inline'",
    `img-src ${["'self'", 'data:', 'blob:', ...of('img')].join(' ')}`,
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
  c.res.headers.set(
    'Content-Security-Policy',
    contentSecurityPolicy(nonce, others, { stripeJs: c.get('stripeJs'), paypalJs: c.get('paypalJs') }),
  );
});
