/** Member points and levels (§1, §7 Account; issue 21): the words and defaults, written once. */
import * as m from './i18n/generated/messages.js';

/** The kinds the points log is filtered by; each ledger reason belongs to one. */
export const POINTS_LOG_KINDS = ['EARN', 'SPEND', 'REVERSAL', 'EXPIRY', 'ADJUSTMENT'] as const;
export type PointsLogKind = (typeof POINTS_LOG_KINDS)[number];

const KIND_LABEL: Record<PointsLogKind, () => string> = {
  EARN: m.member_kind_earn,
  SPEND: m.member_kind_spend,
  REVERSAL: m.member_kind_reversal,
  EXPIRY: m.member_kind_expiry,
  ADJUSTMENT: m.member_kind_adjustment,
};

/** A kind of the points log as the page's language names it ('Earned', 'Adjusted by the shop'). */
export const pointsLogKindLabel = (kind: PointsLogKind): string => KIND_LABEL[kind]();

/** Ledger reasons (points_ledger.reason) and the log kind each is shown as. */
export const POINTS_REASON_KIND: Record<string, PointsLogKind> = {
  EARNED_ORDER: 'EARN',
  BIRTHDAY: 'EARN',
  REDEEM_ORDER: 'SPEND',
  REDEEM_COUPON: 'SPEND',
  REFUND: 'REVERSAL',
  EXPIRED: 'EXPIRY',
  ADJUSTMENT: 'ADJUSTMENT',
};

export const MEMBER_POINTS = {
  /** Earned points expire this many months after they were earned, oldest first (shop settings may change it). */
  expiryMonths: 12,
  /** The reminder (account notice and GET member-points/reminder) looks this many days ahead. */
  reminderDays: 30,
  /** The expiry email goes this many days before points expire. */
  emailDaysBefore: 14,
  /** Levels are judged on this many months back. */
  levelWindowMonths: 12,
} as const;

export type LevelBasis = 'POINTS' | 'SPEND';

export interface MemberLevelSetting {
  id: string;
  name: string;
  /** Its name on the French pages (issue 37); the English name where none is given. */
  nameFr?: string;
  /** What the level needs over the last 12 months: points earned, or cents spent on paid orders. */
  threshold: number;
  benefits: {
    /** Points earned per whole dollar paid for parts. */
    earnRate: number;
    /** Orders of parts at or over this many cents ship free; null: the shop's usual offer only. */
    freeShippingThresholdCent: number | null;
    birthdayPoints: number;
    /** Coupons (promotion ids) the level's members may claim. */
    couponIds: number[];
  };
}

/** The levels when the shop settings give none: money spent on parts over the last 12 months. */
export const DEFAULT_MEMBER_LEVELS: { basis: LevelBasis; levels: MemberLevelSetting[] } = {
  basis: 'SPEND',
  levels: [
    {
      id: 'bronze',
      name: 'Bronze',
      threshold: 0,
      benefits: { earnRate: 1, freeShippingThresholdCent: null, birthdayPoints: 0, couponIds: [] },
    },
    {
      id: 'silver',
      name: 'Silver',
      nameFr: 'Argent',
      threshold: 25_000,
      benefits: { earnRate: 2, freeShippingThresholdCent: 7_500, birthdayPoints: 100, couponIds: [] },
    },
    {
      id: 'gold',
      name: 'Gold',
      nameFr: 'Or',
      threshold: 75_000,
      benefits: { earnRate: 3, freeShippingThresholdCent: 4_900, birthdayPoints: 300, couponIds: [] },
    },
  ],
};
