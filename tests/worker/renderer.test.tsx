import { env } from 'cloudflare:test';
import { Suspense, use } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app.ts';
import { ChunkEncoder } from '../../worker/platform/render/react-chunks.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST } from './helpers.ts';

beforeAll(loadCatalogFixture);
afterEach(() => vi.restoreAllMocks());

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * The shop with one more page, rendered with c.render like every page: its main content first,
 * then a slow part (reviews, say) in a <Suspense> boundary that waits until the test releases it.
 */
function shopWithSlowPart() {
  let release!: (text: string) => void;
  const reviews = new Promise<string>((resolve) => {
    release = resolve;
  });
  function SlowReviews() {
    return <p className="slow-reviews">{use(reviews)}</p>;
  }
  const app = createApp();
  app.get('/__streamed', (c) =>
    c.render(
      <>
        <h1 className="main-content">Ceramic brake pads</h1>
        <Suspense fallback={<p className="reviews-fallback">Loading reviews</p>}>
          <SlowReviews />
        </Suspense>
      </>,
      { title: 'Streamed page' },
    ),
  );
  const fetch = async (init?: RequestInit) => app.fetch(new Request(`${US_HOST}/__streamed`, init), env, ctx);
  return { fetch, release };
}

/** Reads a stream until its text so far contains `marker` (or it ends). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, marker: string, text = ''): Promise<string> {
  const decoder = new TextDecoder();
  while (!text.includes(marker)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 50))]);

describe('c.render (@hono/react-renderer with the shop layout)', () => {
  it('streams the shell and the main content first, then the slow part in place of its fallback', async () => {
    const { fetch, release } = shopWithSlowPart();
    const response = await fetch();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const reader = response.body!.getReader();
    const first = await readUntil(reader, 'reviews-fallback');
    expect(first).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(first).toContain('<title>Streamed page</title>');
    expect(first).toContain('<h1 class="main-content">Ceramic brake pads</h1>');
    expect(first).toContain('Loading reviews');
    expect(first).not.toContain('slow-reviews');
    release('4.8 stars from 12 reviews');
    const whole = await readUntil(reader, '</html>', first);
    expect(whole.indexOf('main-content')).toBeLessThan(whole.indexOf('4.8 stars from 12 reviews'));
    expect(whole).toContain('<p class="slow-reviews">4.8 stars from 12 reviews</p>');
    expect(whole).toContain('id="main"');
    // React swaps the part in with inline scripts: each carries the nonce the page's CSP allows.
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    const inline = whole.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g) ?? [];
    expect(inline.length).toBeGreaterThan(0);
    for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('gives bots the complete document: nothing is sent until the slow part is in it', async () => {
    const { fetch, release } = shopWithSlowPart();
    const answer = fetch({ headers: { 'user-agent': GOOGLEBOT } });
    expect(await settled(answer)).toBe('pending');
    release('4.8 stars from 12 reviews');
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<p class="slow-reviews">4.8 stars from 12 reviews</p>');
    expect(html).not.toContain('Loading reviews');
    expect(html).toMatch(/<\/html>$/);
  });

  it('stops rendering when the client goes away, without reporting it as a failure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetch } = shopWithSlowPart();
    const client = new AbortController();
    const response = await fetch({ signal: client.signal });
    const reader = response.body!.getReader();
    await readUntil(reader, 'reviews-fallback');
    client.abort();
    // React gives up the boundary (the browser would render it) and ends the stream: nothing hangs.
    const rest = readUntil(reader, 'never written').then(
      (text) => text,
      () => 'aborted',
    );
    expect(await settled(rest)).toBe('settled');
    expect(await rest).not.toContain('slow-reviews');
    expect(errors.mock.calls.filter(([message]) => message === 'render failed')).toEqual([]);
  });

  it('answers with the status set before c.render, and error pages keep theirs', async () => {
    const app = createApp();
    app.get('/__gone', (c) => {
      c.status(410);
      return c.render(<p className="gone">This part is no longer sold.</p>);
    });
    const gone = await app.fetch(new Request(`${US_HOST}/__gone`), env, ctx);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('<main id="main"><p class="gone">This part is no longer sold.</p></main>');
    const missing = await app.fetch(new Request(`${US_HOST}/no-such-page`), env, ctx);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('data-error-status="404"');
  });

  it("streams with React's server renderer built with the chunk encoder (the same module instance)", async () => {
    const { fetch, release } = shopWithSlowPart();
    release('4.8 stars');
    const before = ChunkEncoder.shared;
    await (await fetch()).text();
    expect(ChunkEncoder.shared).toBeGreaterThan(before + 50);
  });
});
