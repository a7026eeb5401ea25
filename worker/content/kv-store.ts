import { KV_KEY } from '../../shared/kv-keys.ts';
import { SHOP_SETTINGS_CACHE_MS } from '../../shared/constants.ts';
import { log } from '../platform/log.ts';

/** KV's own edge cache, in seconds; KV requires at least 60. */
const KV_CACHE_TTL = Math.max(60, SHOP_SETTINGS_CACHE_MS / 1000);

/** Reads settings and content configs from KV: the only module that knows the KV keys. */
export function contentStore(kv: KVNamespace) {
  // A malformed value reads as absent, so a bad edit in KV degrades to defaults instead of a 500.
  const json = async <T>(key: string): Promise<T | null> => {
    const text = await kv.get(key, { type: 'text', cacheTtl: KV_CACHE_TTL });
    if (text === null) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      log.error('KV value is not valid JSON; using defaults', undefined, { key });
      return null;
    }
  };
  return {
    shopSettings: () => json<Record<string, unknown>>(KV_KEY.shopSettings),
    campaign: () => json<Record<string, unknown>>(KV_KEY.campaign),
    campaignPage: (slug: string) => json<unknown>(KV_KEY.campaignPage(slug)),
    fixedContent: () => json<Record<string, unknown>>(KV_KEY.fixedContent),
    contentConfig: (key: string) => json<Record<string, unknown>>(KV_KEY.contentConfig(key)),
    urlContentConfig: (urlPattern: string) =>
      json<{ urlPattern: string; title: string; description: string; titleFr?: string; descriptionFr?: string }>(
        KV_KEY.urlContentConfig(urlPattern),
      ),
    pageContent: <T>(route: string) => json<T>(KV_KEY.pageContent(route)),
    /** The slugs of the campaign pages stored, in key order. */
    async campaignPageSlugs(): Promise<string[]> {
      const prefix = KV_KEY.campaignPage('');
      const slugs: string[] = [];
      let cursor: string | undefined;
      do {
        const batch = await kv.list({ prefix, cursor });
        for (const entry of batch.keys) slugs.push(entry.name.slice(prefix.length));
        cursor = batch.list_complete ? undefined : batch.cursor;
      } while (cursor);
      return slugs;
    },
    /** Content config keys, one page of them, in key order. */
    async listContentConfigs(page: number, size: number) {
      const keys: { key: string; type: string }[] = [];
      let cursor: string | undefined;
      do {
        const batch = await kv.list<{ type?: string }>({ prefix: KV_KEY.contentConfigPrefix, cursor });
        for (const entry of batch.keys) {
          keys.push({ key: entry.name.slice(KV_KEY.contentConfigPrefix.length), type: entry.metadata?.type ?? '' });
        }
        cursor = batch.list_complete ? undefined : batch.cursor;
      } while (cursor);
      return { total: keys.length, records: keys.slice((page - 1) * size, page * size) };
    },
  };
}
