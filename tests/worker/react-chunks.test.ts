import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ChunkEncoder, MAX_SHARED_LENGTH, PlatformTextEncoder } from '../../worker/platform/render/react-chunks.ts';
import { renderToReadableStream, renderToString } from '../../worker/platform/render/react-server.ts';

const sources = import.meta.glob(['../../worker/**/*.{ts,tsx}', '../../shared/**/*.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

function card(index: number) {
  return createElement(
    'li',
    { className: 'product-card', key: index, 'data-sku': index },
    createElement(
      'a',
      { href: `/product/part-${index}`, 'aria-label': `Brake pad «${index}» & "rotor" <kit>` },
      `Part ${index} — 2015 Ford F-150 ✓`,
    ),
    createElement('img', {
      src: `/img/${index}.webp`,
      alt: 'Étrier de frein',
      loading: 'lazy',
      width: 320,
      height: 240,
    }),
  );
}

const page = () =>
  createElement(
    'ul',
    { className: 'grid' },
    Array.from({ length: 40 }, (_, index) => card(index)),
  );

async function streamed(): Promise<Uint8Array> {
  const stream = await renderToReadableStream(page());
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("the page renderer's chunk encoder", () => {
  it("encodes the renderer's markup from the shared table; the rest keeps the platform encoder", async () => {
    const before = ChunkEncoder.shared;
    await streamed();
    expect(ChunkEncoder.shared).toBeGreaterThan(before + 100);
    expect(globalThis.TextEncoder).toBe(PlatformTextEncoder);
    expect(new TextEncoder()).not.toBeInstanceOf(ChunkEncoder);
  });

  it('gives byte for byte the markup the platform encoder would (escaping, accents, symbols)', async () => {
    const expected = new PlatformTextEncoder().encode(renderToString(page()));
    const [first, second] = [await streamed(), await streamed()];
    expect(first).toEqual(expected);
    expect(second).toEqual(expected);
  });

  it('shares one array per short string, never for a long one, and starts the table afresh when it is full', () => {
    const encoder = new ChunkEncoder();
    expect(encoder.encode('class')).toBe(encoder.encode('class'));
    const long = 'x'.repeat(MAX_SHARED_LENGTH + 1);
    expect(encoder.encode(long)).not.toBe(encoder.encode(long));
    expect(encoder.encode(long)).toEqual(new PlatformTextEncoder().encode(long));
    for (let index = 0; index < 10_000; index++) encoder.encode(`value-${index}`);
    expect(ChunkEncoder.table.size).toBeLessThanOrEqual(8192);
    expect(encoder.encode('ünïcödé ✓')).toEqual(new PlatformTextEncoder().encode('ünïcödé ✓'));
  });

  it('is the only way the worker loads the server renderer', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const direct = Object.entries(sources)
      .filter(([path, text]) => !path.endsWith('/react-server.ts') && /from ['"]react-dom\/server/.test(text))
      .map(([path]) => path);
    expect(direct).toEqual([]);
  });
});
