import * as z from 'zod';
import { POINTS_LOG_KINDS } from '../members.ts';

/**
 * The member calls (issue 21, §7 Account: member-level, member-points, member-points-log/list,
 * member-points/reminder), shared by the Worker that answers them and the pages that show them.
 * Every call needs a signed-in member (401 otherwise).
 */

/** GET /account/buyer/member-points */
export const memberPointsAnswer = z.object({
  /** The sum of the member's ledger: what can be spent now. */
  balance: z.number(),
  /** Points the member's placed, not yet paid orders will earn once paid. */
  pending: z.number(),
  /** What the balance is worth at checkout (100 points = 1 dollar), in cents of the market's currency. */
  worthCent: z.number(),
  currency: z.string(),
  /** Points that expire within the reminder window (30 days), and when the first of them go. */
  expiringSoon: z.object({ points: z.number(), expiresAt: z.number().nullable() }),
  /** Months after which earned points expire (shop settings), oldest first. */
  expiryMonths: z.number(),
});

/** GET /account/buyer/member-points-log/list */
export const pointsLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(POINTS_LOG_KINDS).optional(),
});

export const pointsLogEntry = z.object({
  id: z.number(),
  kind: z.enum(POINTS_LOG_KINDS),
  /** The ledger's reason (EARNED_ORDER, REDEEM_ORDER, REDEEM_COUPON, REFUND, EXPIRED, ADJUSTMENT, ...). */
  reason: z.string(),
  /** What the shopper reads, e.g. "Earned on order US-…", "Expired", "Coupon: $5 off". */
  label: z.string(),
  delta: z.number(),
  /** The order number or coupon it belongs to. */
  reference: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.number(),
  /** For earned points: when what is left of them expires; null otherwise. */
  expiresAt: z.number().nullable(),
});

export const pointsLogAnswer = z.object({
  list: z.array(pointsLogEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** GET /account/buyer/member-points/reminder: what expires in the next 30 days (0 and null when nothing). */
export const pointsReminderAnswer = z.object({
  points: z.number(),
  expiresAt: z.number().nullable(),
  withinDays: z.number(),
});

/** A member level's benefits as the shop settings give them. */
export const levelBenefits = z.object({
  /** Points earned per whole dollar paid for parts. */
  earnRate: z.number(),
  /** Orders of parts at or over this (cents) ship free (null: the shop's usual offer only). */
  freeShippingThresholdCent: z.number().nullable(),
  /** Points given once a year on the member's birthday (0: none). */
  birthdayPoints: z.number(),
  /** Coupons (promotion ids) a member of the level may claim. */
  couponIds: z.array(z.number()),
});

export const memberLevel = z.object({
  id: z.string(),
  name: z.string(),
  /** What the level needs over the last 12 months, by the shop's basis (points earned or money spent, cents). */
  threshold: z.number(),
  benefits: levelBenefits,
});

/** GET /account/buyer/member-level */
export const memberLevelAnswer = z.object({
  level: memberLevel,
  next: memberLevel.extend({ remaining: z.number() }).nullable(),
  progress: z.object({
    basis: z.enum(['POINTS', 'SPEND']),
    /** Points earned, or cents spent, in the window. */
    value: z.number(),
    windowMonths: z.number(),
  }),
  levels: z.array(memberLevel),
});

export type MemberPointsAnswer = z.infer<typeof memberPointsAnswer>;
export type PointsLogQuery = z.input<typeof pointsLogQuery>;
export type PointsLogEntry = z.infer<typeof pointsLogEntry>;
export type PointsLogAnswer = z.infer<typeof pointsLogAnswer>;
export type PointsReminderAnswer = z.infer<typeof pointsReminderAnswer>;
export type LevelBenefits = z.infer<typeof levelBenefits>;
export type MemberLevel = z.infer<typeof memberLevel>;
export type MemberLevelAnswer = z.infer<typeof memberLevelAnswer>;
