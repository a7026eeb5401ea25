import { SHOP_SETTINGS_CACHE_MS } from '../../shared/constants.ts';
import { parseShopSettings, type ShopSettings } from '../../shared/settings.ts';
import { contentStore } from './kv-store.ts';
import type { Clock } from '../platform/clock.ts';
import { TtlCache } from '../platform/ttl-cache.ts';

const cache = new TtlCache<ShopSettings>(SHOP_SETTINGS_CACHE_MS, 4);

/** The shop's settings, read from KV at most once per 5 minutes per isolate (§3). */
export function getShopSettings(kv: KVNamespace, clock: Clock): Promise<ShopSettings> {
  return cache.get('shop-settings', clock, async () => parseShopSettings(await contentStore(kv).shopSettings()));
}

/** Forgets cached settings (tests and a settings change in the same isolate). */
export function forgetShopSettings(): void {
  cache.clear();
}
