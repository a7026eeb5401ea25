/**
 * Member levels (issue 21): the shop settings name the levels, their thresholds over the last 12
 * months (points earned or money spent on parts) and their benefits. A member's level is worked
 * out when asked, from their paid orders or their ledger, so paying or refunding an order moves
 * it at once and nothing stored can drift.
 */
import { env as workerEnv } from 'cloudflare:workers';
import type { MemberLevel, MemberLevelAnswer } from '../../shared/api/members.ts';
import { MEMBER_POINTS, type LevelBasis, type MemberLevelSetting } from '../../shared/members.ts';
import type { ShopSettings } from '../../shared/settings.ts';
import { currentLocale } from '../../shared/i18n/current.ts';
import { getShopSettings } from '../content/service.ts';
import type { Bindings } from '../env.ts';
import { memberPartsSpend } from '../orders/service.ts';
import { systemClock } from '../platform/clock.ts';
import { levelsRepository } from './levels-repository.ts';

type LevelSettings = ShopSettings['MEMBER_LEVELS'];

/** The start of the level window: the same moment `MEMBER_POINTS.levelWindowMonths` months before `now`. */
export function levelWindowStart(now: number): number {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - MEMBER_POINTS.levelWindowMonths);
  return start.getTime();
}

/** A level as the shopper reads it: its French name on a French page, where the settings give one. */
const levelOf = (setting: MemberLevelSetting): MemberLevel => ({
  id: setting.id,
  name: currentLocale() === 'fr' ? (setting.nameFr ?? setting.name) : setting.name,
  threshold: setting.threshold,
  benefits: { ...setting.benefits, couponIds: [...setting.benefits.couponIds] },
});

/**
 * Where a member with `value` (points earned, or cents spent, in the window) stands: the highest
 * level whose threshold they reach (the lowest level when they reach none), the next one with what
 * remains to reach it, and every level, lowest first.
 */
export function placeOnLevels(settings: LevelSettings, value: number): MemberLevelAnswer {
  const levels = [...settings.levels].sort((a, b) => a.threshold - b.threshold).map(levelOf);
  let at = 0;
  levels.forEach((level, index) => {
    if (value >= level.threshold) at = index;
  });
  const next = levels[at + 1];
  return {
    level: levels[at]!,
    next: next ? { ...next, remaining: Math.max(0, next.threshold - value) } : null,
    progress: { basis: settings.basis, value, windowMonths: MEMBER_POINTS.levelWindowMonths },
    levels,
  };
}

/** What the member reached in the window, by the shop's basis: one indexed read. */
function windowValue(db: D1Database, basis: LevelBasis, accountId: number, now: number): Promise<number> {
  const since = levelWindowStart(now);
  return basis === 'SPEND'
    ? memberPartsSpend(db, accountId, since)
    : levelsRepository(db).pointsEarnedSince(accountId, since);
}

async function levelAnswer(db: D1Database, kv: KVNamespace, accountId: number, now: number) {
  const settings = (await getShopSettings(kv, systemClock)).MEMBER_LEVELS;
  return placeOnLevels(settings, await windowValue(db, settings.basis, accountId, now));
}

/** GET /account/buyer/member-level: the member's level, progress to the next, and every level's benefits. */
export function memberLevelFor(env: Bindings, accountId: number, now: number): Promise<MemberLevelAnswer> {
  return levelAnswer(env.DB, env.SETTINGS, accountId, now);
}

/**
 * The level a shopper's pricing and earning go by: null for a visitor. Pricing and paying reach it
 * with the database alone, so the settings come from the Worker's own bindings unless given.
 */
export async function levelBenefitsFor(
  db: D1Database,
  accountId: number | null,
  now: number,
  kv: KVNamespace = workerEnv.SETTINGS,
): Promise<MemberLevel | null> {
  if (accountId === null) return null;
  return (await levelAnswer(db, kv, accountId, now)).level;
}
