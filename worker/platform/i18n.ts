import { AsyncLocalStorage } from 'node:async_hooks';
import { overwriteGetLocale } from '../../shared/i18n/generated/runtime.js';
import { isFrenchPath, type Locale, withoutLocalePrefix } from '../../shared/i18n/locale.ts';

/**
 * The language of the request being served. The compiled messages ask for it on every call, so
 * server code writes `m.cart_title()` and gets the page's language; outside a request (the cron,
 * the queue) it is English.
 */
const scope = new AsyncLocalStorage<Locale>();
overwriteGetLocale(() => scope.getStore() ?? 'en');

/** Runs a request's work (and the page it streams) in a language. */
export function withLocale<T>(locale: Locale, work: () => T): T {
  return scope.run(locale, work);
}

/** Requests that arrived under `/fr`, before the prefix was taken off for routing. */
const frenchRequests = new WeakSet<Request>();

/**
 * A request under `/fr` routed as its English twin: every route is written once, on the English
 * path, and the language middleware knows the request was French (`arrivedInFrench`).
 */
export function routeLanguagePaths(request: Request): Request {
  const url = new URL(request.url);
  if (!isFrenchPath(url.pathname)) return request;
  url.pathname = withoutLocalePrefix(url.pathname);
  const routed = new Request(url, request);
  frenchRequests.add(routed);
  return routed;
}

/** Whether a request came in under `/fr` (its URL now shows the English path). */
export function arrivedInFrench(request: Request): boolean {
  return frenchRequests.has(request);
}
