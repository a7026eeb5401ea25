import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { US_HOST, shop } from './helpers.ts';

describe('media from R2', () => {
  it('serves a stored file with its type and a cache header, and 404 for a missing one', async () => {
    await env.MEDIA.put('videos/brake-pads-install.mp4', new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112]), {
      httpMetadata: { contentType: 'video/mp4' },
    });
    const found = await shop(`${US_HOST}/media/videos/brake-pads-install.mp4`);
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toBe('video/mp4');
    expect(found.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(new Uint8Array(await found.arrayBuffer())).toHaveLength(8);
    expect((await shop(`${US_HOST}/media/videos/missing.mp4`)).status).toBe(404);
    expect((await shop(`${US_HOST}/media/${encodeURIComponent('../secrets')}`)).status).toBe(404);
  });

  it('answers a range request with the requested bytes', async () => {
    await env.MEDIA.put('videos/range.mp4', new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), {
      httpMetadata: { contentType: 'video/mp4' },
    });
    const part = await shop(`${US_HOST}/media/videos/range.mp4`, { headers: { range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([3, 4, 5]);
  });
});
