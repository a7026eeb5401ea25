import { describe, expect, it } from 'vitest';
import guide from '../../kv-seed/pages/guidevideo.json';
import offering from '../../kv-seed/pages/videos-shooting-offering.json';
import { englishIn, englishWordsOf, textOf } from './english-words.ts';
import { CA_HOST, page } from './helpers.ts';

/**
 * The installation video pages and the blog on the French Canadian site (issue 37): the videos' titles,
 * summaries, parts and captions in French, the page's own words from the message catalogue; the blog is
 * US only (§2), so its French addresses answer the French "not found" page.
 */

/** Names kept as they are in French: the video platform the program names. */
const englishBesideNames = (html: string) => englishIn(html.replaceAll('YouTube', ''));

/** The caption files, by their path from here. */
const CAPTIONS: Record<string, string> = import.meta.glob('../../client/static/videos/*.vtt', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The <track> of each video: its file, language and label. */
const tracksOf = (html: string) =>
  [...html.matchAll(/<track kind="captions" src="([^"]+)" srcLang="(\w+)" label="([^"]+)"/g)].map((match) =>
    match.slice(1, 4),
  );

describe('the installation videos in French', () => {
  it('shows the video list in French: heading, titles, summaries, parts, length and captions', async () => {
    const { status, html } = await page(`${CA_HOST}/fr/guidevideo`);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(html).toContain(`<h1>${guide.headingFr.replaceAll("'", '&#x27;')}`);
    expect(text).toContain("Vidéos d'installation");
    for (const video of guide.videos) {
      expect(text).toContain(video.titleFr);
      expect(text).toContain(video.summaryFr);
      for (const part of video.parts) expect(text).toContain(part.labelFr);
    }
    expect(text).toContain('0:34 · sous-titres');
    expect(text).toContain('Pièces :');
    expect(tracksOf(html)).toEqual(guide.videos.map((video) => [video.captionsFr, 'fr', 'Français']));
    // The posters' words (title, length, the shop's badge) are drawn in French too.
    expect([...html.matchAll(/<video[^>]* poster="([^"]+)"/g)].map((match) => match[1])).toEqual(
      guide.videos.map((video) => video.posterFr),
    );
    expect(await englishBesideNames(html)).toEqual([]);
  });

  it('shows the install video program page and its video in French', async () => {
    const { status, html } = await page(`${CA_HOST}/fr/videos-shooting-offering`);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain('Un exemple de vidéo de guide');
    expect(text).toContain(offering.videos[0]!.titleFr);
    for (const section of offering.sections) expect(text).toContain(section.headingFr);
    expect(await englishBesideNames(html)).toEqual([]);
  });

  it('has French captions for every video, cue for cue with the English', () => {
    for (const video of guide.videos) {
      const english = CAPTIONS[`../../client${video.captions}`] ?? '';
      const french = CAPTIONS[`../../client${video.captionsFr}`] ?? '';
      const cues = (vtt: string) => vtt.match(/^[\d:.]+ --> [\d:.]+$/gm);
      expect(french.startsWith('WEBVTT')).toBe(true);
      expect(cues(french)).toEqual(cues(english));
      expect(cues(french)?.length).toBeGreaterThan(3);
      expect(englishWordsOfCaptions(french)).toEqual([]);
    }
  });

  it('keeps the videos in English on the English Canadian site', async () => {
    const { html } = await page(`${CA_HOST}/guidevideo`);
    expect(html).toContain('<h2 id="install-videos">Installation videos</h2>');
    expect(html).toContain('0:34 · captions');
    expect(tracksOf(html)[0]).toEqual([guide.videos[0]!.captions, 'en', 'English']);
  });
});

/** The English words of a caption file's cues. */
const englishWordsOfCaptions = (vtt: string) =>
  [...vtt.matchAll(/-->.*\n(.+)/g)].flatMap((match) => englishWordsOf(match[1]!, 'captions'));

describe('the blog on the French Canadian site', () => {
  it.each(['/fr/blogs', '/fr/blogs/check-brake-pads'])(
    '%s: the blog is US only, so it answers the French "not found" page',
    async (path) => {
      const { status, html } = await page(`${CA_HOST}${path}`);
      expect(status).toBe(404);
      expect(html).toContain('<html lang="fr-CA"');
      expect(await englishIn(html)).toEqual([]);
    },
  );
});
