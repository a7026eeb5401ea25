/** Member points and levels (§1, §7 Account; issue 21): the words and defaults, written once. */

/** The kinds the points log is filtered by; each ledger reason belongs to one. */
export const POINTS_LOG_KINDS = ['EARN', 'SPEND', 'REVERSAL', 'EXPIRY', 'ADJUSTMENT'] as const;
export type PointsLogKind = (typeof POINTS_LOG_KINDS)[number];

export const POINTS_LOG_KIND_LABEL: Record<PointsLogKind, string> = {
  EARN: 'Earned',
  SPEND: 'Spent',
  REVERSAL: 'Reversed',
  EXPIRY: 'Expired',
  ADJUSTMENT: 'Adjusted by the shop',
};

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
