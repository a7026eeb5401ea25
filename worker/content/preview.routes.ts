/**
 * The storefront side of a content preview (middleware the app mounts, so named like a routes file):
 * a page opened with a valid preview token (editor-preview-token.ts) reads that one entry's draft
 * instead of its published value, past the isolate caches, and says so: a "Preview — not published"
 * bar, noindex, never stored by any cache. An invalid or expired token changes nothing. Nothing a
 * preview reads is kept for other shoppers: the draft lives in this request's own bindings and the
 * caches are bypassed, not filled.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { withoutCaches } from '../platform/ttl-cache.ts';
import { draftKey, PREVIEW_PARAM, verifyPreviewToken } from './editor-preview-token.ts';

export const PREVIEW_BAR_TEXT = 'Preview — not published';

type KvGetOptions = Parameters<KVNamespace['get']>[1];

/** The value a KV read of this type gives for the draft's text. */
function asRead(draft: string, options: KvGetOptions): unknown {
  const type = typeof options === 'string' ? options : options?.type;
  if (type === 'json') return JSON.parse(draft);
  if (type === 'arrayBuffer') return new TextEncoder().encode(draft).buffer;
  if (type === 'stream') return new Blob([draft]).stream();
  return draft;
}

/** The settings namespace as this request sees it: `kvKey` reads the draft, everything else as stored. */
function withDraft(kv: KVNamespace, kvKey: string, draft: string): KVNamespace {
  const get = (key: string, options?: KvGetOptions) =>
    key === kvKey ? Promise.resolve(asRead(draft, options)) : kv.get(key, options as never);
  return new Proxy(kv, {
    get(target, property) {
      if (property === 'get') return get;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const BAR =
  '<div role="status" data-preview-bar style="position:sticky;top:0;z-index:1000;padding:8px 16px;' +
  'background:#7a4b00;color:#fff;font:600 14px/1.4 system-ui,sans-serif;text-align:center">' +
  `${PREVIEW_BAR_TEXT}</div>`;
const AS_HTML = { html: true };

/** A page with the preview bar at its top and noindex in its head; anything else as it is. */
function withPreviewBar(response: Response): Response {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  return new HTMLRewriter()
    .on('head', { element: (head) => void head.append('<meta name="robots" content="noindex, nofollow">', AS_HTML) })
    .on('body', { element: (body) => void body.prepend(BAR, AS_HTML) })
    .transform(response);
}

/** Shows an entry's draft on a storefront page opened with its valid preview token; otherwise does nothing. */
export const contentPreview = createMiddleware<AppEnv>(async (c, next) => {
  const token = c.req.method === 'GET' ? c.req.query(PREVIEW_PARAM) : undefined;
  if (!token || new URL(c.req.url).pathname.startsWith('/admin')) return next();
  const kvKey = await verifyPreviewToken(c.env.AUTH_SECRET, token, systemClock.now());
  const draft = kvKey ? await c.env.SETTINGS.get(draftKey(kvKey), 'text') : null;
  if (!kvKey || draft === null) return next();
  c.env = { ...c.env, SETTINGS: withDraft(c.env.SETTINGS, kvKey, draft) };
  await withoutCaches(next);
  // Set after the swap: Hono copies the old answer's headers onto the new one.
  c.res = withPreviewBar(c.res);
  c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
});
