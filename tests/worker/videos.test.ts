import { describe, expect, it } from 'vitest';
import { CA_HOST, US_HOST, page } from './helpers.ts';

/** The <video> elements of a page with what the browser needs to play them lazily, with captions. */
function videosOf(html: string) {
  return [...html.matchAll(/<video([^>]*)>([\s\S]*?)<\/video>/g)].map((match) => ({
    attributes: match[1] ?? '',
    source: match[2]?.match(/<source src="([^"]+)" type="video\/mp4"\/>/)?.[1],
    captions: match[2]?.match(/<track kind="captions" src="([^"]+)" srcLang="en" label="English" default=""\/>/)?.[1],
    poster: match[1]?.match(/poster="([^"]+)"/)?.[1],
  }));
}

describe('the installation videos page', () => {
  for (const [market, host] of [
    ['US', US_HOST],
    ['Canada', CA_HOST],
  ] as const) {
    it(`${market}: shows playable videos that load nothing before play, each with captions and a poster`, async () => {
      const { status, html } = await page(`${host}/guidevideo`);
      expect(status).toBe(200);
      const videos = videosOf(html);
      expect(videos.length).toBeGreaterThanOrEqual(3);
      for (const video of videos) {
        expect(video.attributes).toContain('controls=""');
        expect(video.attributes).toContain('preload="none"');
        expect(video.source).toMatch(/^\/static\/videos\/[a-z-]+\.mp4$/);
        expect(video.captions).toMatch(/^\/static\/videos\/[a-z-]+\.vtt$/);
        expect(video.poster).toMatch(/^\/static\/videos\/[a-z-]+-poster\.jpg$/);
      }
      expect(html).not.toMatch(/<link[^>]+\.mp4/);
    });
  }

  it('says what the videos are, and no longer claims they were filmed on real vehicles', async () => {
    const { html } = await page(`${US_HOST}/guidevideo`);
    expect(html).toContain('illustrated slides with on-screen instructions and captions');
    expect(html).not.toContain('filmed on real vehicles');
    expect(html).toContain('<h3>Replacing wiper blades</h3>');
    expect(html).toContain('0:34 · captions');
    expect(html).toContain('<a href="/search?keyword=wiper%20blades">Wiper blades</a>');
  });

  it('links the blog’s written guides in the US and leaves them out in Canada, which hides the blog', async () => {
    expect((await page(`${US_HOST}/guidevideo`)).html).toContain('<a href="/blogs/check-brake-pads">');
    const { html } = await page(`${CA_HOST}/guidevideo`);
    expect(html).not.toMatch(/href="\/blogs/);
    expect(html).toContain('<a href="/videos-shooting-offering">');
  });
});

describe('the install video program page', () => {
  it('shows an example guide video with captions above the program details', async () => {
    const { status, html } = await page(`${US_HOST}/videos-shooting-offering`);
    expect(status).toBe(200);
    const videos = videosOf(html);
    expect(videos).toHaveLength(1);
    expect(videos[0]?.captions).toBe('/static/videos/replace-wiper-blades.vtt');
    expect(html.indexOf('An example of a guide video')).toBeLessThan(html.indexOf('How It Works'));
  });
});
