/** Whether a promotion can apply to a cart, and if not, why (the first failing rule, in a fixed order). */
import type { Currency, MarketId } from '../markets.ts';
import { PROMOTION_MSG, type PromotionNoun, type RejectionProblem } from '../promotion-words.ts';
import type { PricingLine, Promotion, PromotionScope, PromotionUsage } from './types.ts';

export interface EligibilityContext {
  market: MarketId;
  currency: Currency;
  now: number;
  accountId: number | null;
  usage: Record<number, PromotionUsage>;
}

export interface Problem {
  problem: RejectionProblem;
  reason: string;
}

/** A threshold the cart has not reached, and by how much. */
export interface Shortfall {
  items: number;
  cent: number;
}

/** Whether a line is covered by a scope: null covers every line; otherwise any listed item, category or brand. */
export function inScope(scope: PromotionScope | null, line: PricingLine): boolean {
  if (!scope) return true;
  if (scope.itemIds.includes(line.itemId)) return true;
  if (line.brandId !== null && scope.brandIds.includes(line.brandId)) return true;
  return line.categoryIds.some((id) => scope.categoryIds.includes(id));
}

/** The regular lines a promotion covers; add-on (TRADE_IN) lines are priced by their offer alone. */
export function eligibleLines(promotion: Promotion, lines: readonly PricingLine[]): PricingLine[] {
  return lines.filter((line) => line.itemType === 'NORMAL' && line.quantity > 0 && inScope(promotion.scope, line));
}

/** How far the eligible lines (at their own prices) are from the threshold; null when it is met. */
export function shortfall(promotion: Promotion, eligible: readonly PricingLine[]): Shortfall | null {
  if (promotion.thresholdType === 'QUANTITY') {
    const count = eligible.reduce((sum, line) => sum + line.quantity, 0);
    return count >= promotion.thresholdValue ? null : { items: promotion.thresholdValue - count, cent: 0 };
  }
  if (promotion.thresholdType === 'AMOUNT') {
    const value = eligible.reduce((sum, line) => sum + line.unitCent * line.quantity, 0);
    return value >= promotion.thresholdValue ? null : { items: 0, cent: promotion.thresholdValue - value };
  }
  return null;
}

/** The message for a threshold not met. */
export function shortfallReason(gap: Shortfall, noun: PromotionNoun, currency: Currency): string {
  return gap.items > 0
    ? PROMOTION_MSG.addMoreItems(gap.items, noun)
    : PROMOTION_MSG.spendMore({ cent: gap.cent, currency }, noun);
}

/**
 * The rules that do not depend on the cart's lines, in order: market, not started, expired,
 * members only, the wallet copy's state, usage overall, usage by this customer.
 */
export function standingProblem(
  promotion: Promotion,
  context: EligibilityContext,
  noun: PromotionNoun,
): Problem | null {
  const fail = (problem: RejectionProblem, reason: string): Problem => ({ problem, reason });
  if (promotion.market !== null && promotion.market !== context.market)
    return fail('WRONG_MARKET', PROMOTION_MSG.wrongMarket(noun));
  if (promotion.startsAt !== null && context.now < promotion.startsAt)
    return fail('NOT_STARTED', PROMOTION_MSG.notStarted(noun));
  if (promotion.endsAt !== null && context.now >= promotion.endsAt) return fail('EXPIRED', PROMOTION_MSG.expired(noun));
  if (promotion.couponStatus === 'EXPIRED') return fail('EXPIRED', PROMOTION_MSG.expired(noun));
  const needsMember = promotion.memberOnly || promotion.source === 'COUPON';
  if (needsMember && context.accountId === null) return fail('MEMBERS_ONLY', PROMOTION_MSG.membersOnly(noun));
  if (promotion.couponStatus === 'USED') return fail('ALREADY_USED', PROMOTION_MSG.alreadyUsed(noun));
  const usage = context.usage[promotion.id] ?? { total: 0, byCustomer: 0 };
  if (promotion.usageLimit !== null && usage.total >= promotion.usageLimit)
    return fail('USAGE_LIMIT', PROMOTION_MSG.usageLimit(noun));
  if (
    promotion.perCustomerLimit !== null &&
    context.accountId !== null &&
    usage.byCustomer >= promotion.perCustomerLimit
  ) {
    return fail('ALREADY_USED', PROMOTION_MSG.alreadyUsed(noun));
  }
  return null;
}

/** Every rule: the standing ones, then an eligible line, then the threshold. */
export function cartProblem(
  promotion: Promotion,
  eligible: readonly PricingLine[],
  context: EligibilityContext,
  noun: PromotionNoun,
): Problem | null {
  const standing = standingProblem(promotion, context, noun);
  if (standing) return standing;
  if (eligible.length === 0) return { problem: 'NOT_APPLICABLE', reason: PROMOTION_MSG.notApplicable(noun) };
  const gap = shortfall(promotion, eligible);
  return gap ? { problem: 'THRESHOLD', reason: shortfallReason(gap, noun, context.currency) } : null;
}

/** A candidate promotion judged against the cart. */
export interface Evaluation {
  promotion: Promotion;
  noun: PromotionNoun;
  /** The shopper asked for it (typed the code, chose the coupon), so a failure is reported. */
  requested: boolean;
  /** The code as the shopper typed it (trimmed, upper case), for codes. */
  code?: string;
  eligible: PricingLine[];
  problem: Problem | null;
}
