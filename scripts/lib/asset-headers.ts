/**
 * The headers of the files Cloudflare serves from dist/client before the Worker runs (its `_headers` file):
 * scripts, styles, pictures, videos. The Worker's own answers get the same protections from its middleware
 * (worker/middleware/security-headers.ts); files the Worker never sees need them here (issue 35): no type
 * sniffing, no framing by another site, HTTPS pinned, and a policy under which an SVG opened on its own runs
 * nothing. Pictures stay loadable from other sites (an email's pictures). Browsers ignore
 * Strict-Transport-Security over plain http, so a local shop is not pinned.
 */

/** What every served file carries. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Content-Security-Policy':
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** How long each kind of file may be kept: hashed names never change content, so a year. */
const CACHE: Readonly<Record<string, string>> = {
  '/assets/*': 'public, max-age=31536000, immutable',
  '/static/*': 'public, max-age=86400',
};

/** The `_headers` file: the security headers on every file, each folder's cache rule. */
export function assetHeadersFile(): string {
  const rule = (pattern: string, headers: Record<string, string>) =>
    `${pattern}\n${Object.entries(headers)
      .map(([name, value]) => `  ${name}: ${value}`)
      .join('\n')}\n`;
  return [
    rule('/*', { ...STATIC_SECURITY_HEADERS }),
    ...Object.entries(CACHE).map(([pattern, value]) => rule(pattern, { 'Cache-Control': value })),
  ].join('');
}
