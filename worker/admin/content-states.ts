/**
 * What an entry shows now in each market, for the content list: how many of its items (or whether
 * the entry itself) are live, scheduled or ended, as the storefront's own schedule rules say.
 */
import { campaignState } from '../../shared/content/campaign.ts';
import { isForMarket, type Scheduled, type ScheduleState, scheduleState } from '../../shared/content/schedule.ts';
import { MARKET_IDS, type MarketId } from '../../shared/markets.ts';
import type { ContentEntry } from './content-entries.ts';

export type StateCounts = Record<ScheduleState, number>;
export type MarketStates = Record<MarketId, StateCounts>;

const none = (): StateCounts => ({ LIVE: 0, UPCOMING: 0, ENDED: 0 });

/** The state of one scheduled thing; one that can be switched off reads as ended while off. */
function stateOf(entry: ContentEntry, thing: Scheduled & { active?: unknown }, now: number): ScheduleState {
  if (entry.cache === 'campaign') return campaignState({ ...thing, active: thing.active === true }, now);
  if (thing.active === false) return 'ENDED';
  return scheduleState(thing, now);
}

/** Per market, how many of the entry's items (or the entry itself) are live, scheduled and ended now. */
export function marketStates(entry: ContentEntry, value: unknown, now: number): MarketStates {
  const states = Object.fromEntries(MARKET_IDS.map((market) => [market, none()])) as MarketStates;
  if (!value || typeof value !== 'object') return states;
  const record = value as Record<string, unknown>;
  const list = entry.list?.property ? record[entry.list.property] : undefined;
  const things = (entry.list && Array.isArray(list) ? list : [record]) as (Scheduled & { active?: unknown })[];
  for (const thing of things) {
    if (!thing || typeof thing !== 'object') continue;
    for (const market of MARKET_IDS) {
      if (!isForMarket(thing, market)) continue;
      states[market][stateOf(entry, thing, now)] += 1;
    }
  }
  return states;
}

/** The counts in a few words: "2 live, 1 scheduled", or "nothing". */
export function statesText(counts: StateCounts): string {
  const parts = [
    counts.LIVE ? `${counts.LIVE} live` : '',
    counts.UPCOMING ? `${counts.UPCOMING} scheduled` : '',
    counts.ENDED ? `${counts.ENDED} ended` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}
