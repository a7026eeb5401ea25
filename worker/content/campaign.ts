import { CAMPAIGN_CACHE_MS } from '../../shared/constants.ts';
import { contentStore } from './kv-store.ts';
import type { Clock } from '../platform/clock.ts';
import { TtlCache } from '../platform/ttl-cache.ts';

const cache = new TtlCache<Record<string, unknown>>(CAMPAIGN_CACHE_MS, 2);

/**
 * The running campaign config (§3). KV needs a minute or more to propagate, so the 30-second
 * cache lives in isolate memory.
 */
export function getCampaign(kv: KVNamespace, clock: Clock): Promise<Record<string, unknown>> {
  return cache.get('campaign', clock, async () => (await contentStore(kv).campaign()) ?? { active: false });
}

export function forgetCampaign(): void {
  cache.clear();
}
