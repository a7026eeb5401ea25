import type { MarketId } from '../../shared/markets.ts';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, isTitledRoute, normalizePath } from '../../shared/routes.ts';
import { parseShopSettings, type ShopSettings } from '../../shared/settings.ts';
import { contentStore } from './kv-store.ts';
import { fillPlaceholders, type InfoPageContent } from './text.ts';
import { caches } from '../platform/caches.ts';
import type { Clock } from '../platform/clock.ts';
import { contentInFrench } from '../../shared/content/french.ts';
import { currentLocale } from '../../shared/i18n/current.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export { announcementsFor, type Announcement } from './announcements.ts';
export { fillPlaceholders, type InfoPageContent } from './text.ts';

interface PageMeta {
  title: string;
  description: string;
  /** The merchandiser's French, shown on French pages. */
  titleFr?: string;
  descriptionFr?: string;
}

/** The shop's settings, read from KV at most once per 5 minutes per isolate (§3). */
export function getShopSettings(kv: KVNamespace, clock: Clock): Promise<ShopSettings> {
  return caches.shopSettings.get('shop-settings', clock, async () =>
    parseShopSettings(await contentStore(kv).shopSettings()),
  );
}

/** Forgets cached settings (tests and a settings change in the same isolate). */
export function forgetShopSettings(): void {
  caches.shopSettings.clear();
}

/**
 * The running campaign config (§3). KV needs a minute or more to propagate, so the 30-second
 * cache lives in isolate memory.
 */
export async function getCampaign(kv: KVNamespace, clock: Clock): Promise<Record<string, unknown>> {
  const campaign = await caches.campaign.get(
    'campaign',
    clock,
    async () => (await contentStore(kv).campaign()) ?? { active: false },
  );
  return inLanguage(campaign);
}

/** Content as the page's language reads it: the merchandiser's French on a French page. */
const inLanguage = <T>(content: T): T => (currentLocale() === 'fr' ? contentInFrench(content) : content);

export function forgetCampaign(): void {
  caches.campaign.clear();
  caches.campaignPages.clear();
}

/**
 * Title and description for a path (§2 Page titles): the 19 listed routes are looked up by
 * URL pattern in content configs; everything else gets the default.
 */
export async function pageMetaFor(
  kv: KVNamespace,
  clock: Clock,
  pathname: string,
  market: MarketId,
  shopName: string,
): Promise<PageMeta> {
  const french = currentLocale() === 'fr';
  const fallback = french
    ? { title: m.default_title(), description: m.default_description() }
    : { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION };
  if (!isTitledRoute(pathname)) return fallback;
  const path = normalizePath(pathname);
  const stored = await caches.pageMeta.get(`${market}:${path}`, clock, () => urlContentConfig(kv, path));
  const meta = stored && french ? contentInFrench(stored) : stored;
  if (!meta) return fallback;
  return {
    title: fillPlaceholders(meta.title, { shopName }),
    description: fillPlaceholders(meta.description, { shopName }),
  };
}

/** The content config for a URL pattern, or null when there is none. */
export async function urlContentConfig(kv: KVNamespace, urlPattern: string): Promise<PageMeta | null> {
  const config = await contentStore(kv).urlContentConfig(urlPattern);
  if (!config || typeof config.title !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' && value ? { value } : {});
  return {
    title: config.title,
    description: typeof config.description === 'string' ? config.description : DEFAULT_DESCRIPTION,
    ...(text(config.titleFr).value && { titleFr: text(config.titleFr).value }),
    ...(text(config.descriptionFr).value && { descriptionFr: text(config.descriptionFr).value }),
  };
}

/**
 * Written content of an information or policy page, with the shop's name and contacts filled in; on a
 * French page, its French twins (`headingFr`, `paragraphsFr`, ...) where they are written.
 */
export async function infoPage(
  kv: KVNamespace,
  clock: Clock,
  route: string,
  market: MarketId,
  values: Record<string, string>,
): Promise<InfoPageContent | null> {
  const key = `${market}:${route}:${Object.values(values).join('|')}`;
  const page = await caches.infoPages.get(key, clock, async () => {
    const page = await contentStore(kv).pageContent<InfoPageContent>(route);
    return page && personalise(page, values);
  });
  return page && inLanguage(page);
}

/** Fills the placeholders in every string of a page; values are JSON-escaped to keep it valid. */
function personalise(page: InfoPageContent, values: Record<string, string>): InfoPageContent {
  const escaped = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, JSON.stringify(value).slice(1, -1)]),
  );
  return JSON.parse(fillPlaceholders(JSON.stringify(page), escaped)) as InfoPageContent;
}

/** A content config by key (announcement, banner, ...), cached like the shop settings. */
export async function contentConfig(
  kv: KVNamespace,
  clock: Clock,
  key: string,
): Promise<Record<string, unknown> | null> {
  return inLanguage(await caches.contentConfigs.get(`config:${key}`, clock, () => contentStore(kv).contentConfig(key)));
}

/** Content fixed on every page: header links, awards, review badges. */
export function fixedContent(kv: KVNamespace, clock: Clock): Promise<Record<string, unknown> | null> {
  return caches.contentConfigs.get('fixed', clock, () => contentStore(kv).fixedContent());
}

/** One page of content config keys. */
export function listContentConfigs(kv: KVNamespace, page: number, size: number) {
  return contentStore(kv).listContentConfigs(page, size);
}

/**
 * Forgets this isolate's cached content configs after an editor publishes one (`key` names it; the
 * cache forgets only all at once). Other isolates show the change within the 5-minute cache time.
 */
export function forgetContentConfig(_key: string): void {
  caches.contentConfigs.clear();
}

export {
  draftKey,
  PREVIEW_MINUTES,
  PREVIEW_PARAM,
  signPreviewToken,
} from './editor-preview-token.ts';

export function forgetContent(): void {
  caches.contentConfigs.clear();
  caches.pageMeta.clear();
  caches.infoPages.clear();
}

/** Campaign pages' configs (validated, cached 30 s). */
export { campaignPageConfig } from './campaign.ts';

/** The shop's facts a policy page is completed with (shipping-policy.ts). */
export { needsShopFacts, withShopFacts } from './shipping-policy.ts';
