import { createMiddleware } from 'hono/factory';
import { failure } from '../../shared/envelope.ts';
import { ERROR_CODE } from '../../shared/messages.ts';
import type { AppEnv } from '../env.ts';
import { isApiPath } from '../platform/api-error.ts';
import { marketOriginList } from '../platform/origin.ts';

const SAFE_METHOD = /^(?:GET|HEAD|OPTIONS)$/;
/** Calls from payment providers' servers: signed, and no browser sends them. */
const WEBHOOK_PATH = /^\/order\/public\/payment\/webhook\//;
/** What a browser says of a request its page on another site made. */
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

/** The origins a state-changing call may come from: the request's own and the market's configured one. */
function allowedOrigins(url: URL, env: AppEnv['Bindings']): Set<string> {
  return new Set([url.origin, ...marketOriginList(env)].filter(Boolean));
}

function hasBody(headers: Headers): boolean {
  const length = headers.get('content-length');
  return (length !== null && length !== '0') || headers.has('transfer-encoding');
}

/**
 * Cross-site request forgery: a state-changing call made by a page of another site (a sibling
 * subdomain included) is refused (403), and a state-changing API call with a body must be JSON (415),
 * which no HTML form can send. Server-to-server calls (webhooks) carry neither header and pass.
 */
export const csrf = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHOD.test(c.req.method)) return next();
  const url = new URL(c.req.url);
  if (WEBHOOK_PATH.test(url.pathname)) return next();
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const foreign =
    (site !== undefined && FOREIGN_FETCH_SITES.has(site)) ||
    (origin !== undefined && !allowedOrigins(url, c.env).has(origin));
  const api = isApiPath(url.pathname);
  if (foreign) {
    if (api) return c.json(failure(403, ERROR_CODE.forbidden, 'Cross-site requests are not accepted'), 403);
    return c.text('Cross-site requests are not accepted', 403);
  }
  const type = c.req.header('content-type') ?? '';
  if (api && hasBody(c.req.raw.headers) && !/^application\/json\b/i.test(type))
    return c.json(failure(415, ERROR_CODE.unsupportedMediaType, 'Content-Type must be application/json'), 415);
  return next();
});
