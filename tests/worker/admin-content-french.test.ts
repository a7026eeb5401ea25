import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import campaign from '../../kv-seed/campaign.json';
import contentConfigs from '../../kv-seed/content-configs.json';
import { HOME_MSG } from '../../shared/content/home.ts';
import { KV_KEY } from '../../shared/kv-keys.ts';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { forgetCampaign, forgetContent } from '../../worker/content/service.ts';
import { staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { runSqlFile } from './checkout-helpers.ts';
import {
  bannerForm,
  decoded,
  editor,
  home,
  post,
  postedAsShown,
  type Session,
  sale,
  stored,
} from './content-editor-helpers.ts';
import { CA_HOST, US_HOST } from './helpers.ts';

/**
 * The content editors write the French beside the English (issue 37): the French site reads it, and
 * a publish from the editor keeps the French it shows, whichever language the merchandiser changed.
 */
const BANNER_KEY = KV_KEY.contentConfig('banner');
let merchandiser: Session;

beforeAll(async () => {
  await loadCatalogFixture();
  await runSqlFile(seedSql);
  merchandiser = await staffSession('merchandiser');
});

beforeEach(async () => {
  await env.SETTINGS.put(BANNER_KEY, JSON.stringify(contentConfigs.banner));
  await env.SETTINGS.put(KV_KEY.campaign, JSON.stringify(campaign));
  forgetContent();
  forgetCampaign();
});

const storedJson = async (key: string) => JSON.parse((await stored(key))!);

describe('French in the content editors', () => {
  it('shows each banner field with its French twin, marked as French, filled from the stored value', async () => {
    const { html } = await editor('/banner', merchandiser);
    expect(html).toMatch(/<label for="content-i-0-titleFr">Title \(French\)<\/label>/);
    expect(html).toMatch(/<input[^>]*lang="fr"[^>]*name="i.0.titleFr"|name="i.0.titleFr"[^>]*lang="fr"/);
    expect(html).toContain('value="Freinez en toute confiance"');
    expect(html).toContain('value="Un disque de frein rainuré avec un étrier rouge"');
  });

  it('keeps every French field of the seeded banners when the form is published as it is', async () => {
    const { html } = await editor('/banner', merchandiser);
    const response = await post('/banner', merchandiser, postedAsShown(html));
    expect(response.status).toBe(303);
    const items = (await storedJson(BANNER_KEY)).items;
    expect(items).toHaveLength(contentConfigs.banner.items.length);
    for (const [index, seeded] of contentConfigs.banner.items.entries()) expect(items[index]).toMatchObject(seeded);
  });

  it('publishes a banner in both languages: the French site shows the French, English sites the English', async () => {
    const { version } = await editor('/banner', merchandiser);
    const banner = sale('Winter wiper week', { titleFr: 'Semaine des essuie-glaces', subtitleFr: '' });
    expect((await post('/banner', merchandiser, bannerForm(version, banner))).status).toBe(303);
    const [item] = (await storedJson(BANNER_KEY)).items;
    expect(item).toMatchObject({ title: 'Winter wiper week', titleFr: 'Semaine des essuie-glaces' });
    expect(item).not.toHaveProperty('subtitleFr');
    expect((await home(CA_HOST, 'fr/')).html).toContain('Semaine des essuie-glaces');
    expect((await home(CA_HOST, 'fr/')).html).not.toContain('Winter wiper week');
    expect((await home(CA_HOST)).html).toContain('Winter wiper week');
    expect((await home(US_HOST)).html).not.toContain('Semaine des essuie-glaces');
  });

  it('refuses French breaking the field’s rule, with the message at the French input, writing nothing', async () => {
    const { version } = await editor('/banner', merchandiser);
    const banner = sale('Brake week', { titleFr: 'F'.repeat(81) });
    const response = await post('/banner', merchandiser, bannerForm(version, banner));
    expect(response.status).toBe(400);
    const html = decoded(await response.text());
    expect(html).toContain(`id="content-i-0-titleFr-error">${HOME_MSG.tooLong('A title', 80)}`);
    expect(await stored(BANNER_KEY)).toBe(JSON.stringify(contentConfigs.banner));
  });

  it('keeps the running campaign’s French banner words on a publish, a line per banner with its French', async () => {
    const { html } = await editor('/campaign', merchandiser);
    const [homeTop] = campaign.banners;
    expect(html).toContain(`${homeTop!.code} | ${homeTop!.value} | ${homeTop!.valueFr}`);
    expect((await post('/campaign', merchandiser, postedAsShown(html))).status).toBe(303);
    expect((await storedJson(KV_KEY.campaign)).banners).toEqual(campaign.banners);
  });
});
