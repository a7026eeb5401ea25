import { describe, expect, it } from 'vitest';
import { mounts, ROUTE_TABLE } from '../../worker/routes/index.ts';
import { US_HOST, shop } from './helpers.ts';

/**
 * The route table's promise: no two mounted modules answer the same method and path, so the order
 * of the table decides nothing but how /openapi.json lists the calls.
 */

/** 'GET /help/feedback' for each route a module answers (middleware, method ALL, answers nothing itself). */
const answered = (routes: { routes: { method: string; path: string }[] }) => [
  ...new Set(routes.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`)),
];

describe('the route table', () => {
  it('has no method and path answered by two modules', () => {
    const owners = new Map<string, number>();
    for (const mount of mounts())
      for (const call of answered(mount.routes)) owners.set(call, (owners.get(call) ?? 0) + 1);
    expect([...owners].filter(([, count]) => count > 1).map(([call]) => call)).toEqual([]);
  });

  it('groups every module under a domain or a layer, each group named once', () => {
    expect(Object.keys(ROUTE_TABLE)).toContain('flows');
    expect(mounts().length).toBeGreaterThan(50);
  });

  it('serves the feedback form at /help/feedback, not only its written page', async () => {
    const html = await (await shop(`${US_HOST}/help/feedback`)).text();
    expect(html).toContain('data-form="feedback"');
    expect(html).toContain('Send Us Feedback');
  });
});
