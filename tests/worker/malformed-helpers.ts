import { createApp } from '../../worker/app.ts';

/* What the tests that post malformed bodies to every route taking one share. */

/** Names the console's forms use: enough to repeat, stuff and swap for files on any of them. */
export const NAMES = [
  '_key',
  'body',
  'reason',
  'note',
  'amount',
  'mode',
  'carrier',
  'trackingNumber',
  'qty_1',
  'rqty_1',
  'withShipping',
  'firstName',
  'city',
  'postalCode',
  'email',
  'name',
  'role',
  'active',
  'points',
  'text',
  'flag',
  'view',
  'page',
  'fee',
  'restock',
  'instructions',
  'message',
  'op',
  'count',
  'prefix',
  'code',
  'title',
  'price',
  'stock',
  'version',
  '_version',
  'discountValue',
  'thresholdValue',
  'noticeText',
  'agentId',
  'conversationId',
  'image',
  'file',
];

/** Bytes that are no text in any encoding a form uses (the same each run). */
export const junk = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 7919 + 13) % 256);

/**
 * Every staff route that takes a body (any method but GET and HEAD), once each; signing out last:
 * were a body to end the session, the routes after it would only say 401.
 */
export function staffBodyRoutes(): { method: string; path: string }[] {
  const calls = createApp()
    .routes.filter((route) => /^(POST|PUT|PATCH|DELETE)$/.test(route.method) && route.path.startsWith('/admin/'))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(calls)]
    .map((call) => ({ method: call.slice(0, call.indexOf(' ')), path: call.slice(call.indexOf(' ') + 1) }))
    .sort((a, b) => Number(a.path === '/admin/sign-out') - Number(b.path === '/admin/sign-out'));
}

/** Values a route parameter may take: the first its pattern accepts fills it in. */
const CANDIDATES = ['1', 'x1', 'RMA-ABCDEF', 'banner', 'a'.repeat(32), 'a'.repeat(48)];

/** A path of the route with each parameter filled in with a value its pattern accepts. */
export const filled = (path: string) =>
  path.replace(/:\w+(\{(?:[^{}]|\{[^{}]*\})*\})?/g, (_, braced = '{[^/]+}') => {
    const pattern = new RegExp(`^(?:${braced.slice(1, -1)})$`);
    return CANDIDATES.find((value) => pattern.test(value)) ?? 'x1';
  });
