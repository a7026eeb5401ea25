import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app.ts';
import { isApiPath } from '../../worker/platform/api-error.ts';
import { US_HOST, shop } from './helpers.ts';

/** The document itself is served on an API path but is not one of the shop's calls. */
const NOT_A_CALL = new Set(['GET /openapi.json']);

/** 'GET /item/:id' as the document writes it: 'GET /item/{id}'. */
const documented = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`;

/** Every call the app answers on an API path; middleware (method ALL) answers nothing by itself. */
function mountedCalls(): string[] {
  const calls = createApp()
    .routes.filter((route) => route.method !== 'ALL' && isApiPath(route.path))
    .map((route) => documented(route.method, route.path))
    .filter((call) => !NOT_A_CALL.has(call));
  return [...new Set(calls)].sort();
}

async function documentedCalls(): Promise<string[]> {
  const doc = (await (await shop(`${US_HOST}/openapi.json`)).json()) as { paths: Record<string, object> };
  return Object.entries(doc.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => documented(method, path)))
    .sort();
}

describe('/openapi.json against the routes the app mounts', () => {
  it('documents every API call the app mounts, with its method', async () => {
    const mounted = mountedCalls();
    expect(mounted.length).toBeGreaterThan(100);
    const documentedSet = new Set(await documentedCalls());
    expect(mounted.filter((call) => !documentedSet.has(call))).toEqual([]);
  });

  it('documents nothing the app does not mount', async () => {
    const mounted = new Set(mountedCalls());
    expect((await documentedCalls()).filter((call) => !mounted.has(call))).toEqual([]);
  });
});
