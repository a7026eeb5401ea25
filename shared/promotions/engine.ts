/**
 * The promotions engine: a pure function from a cart and its context to the adjustments to
 * apply, each with the reason a shopper reads (spec §3 Coupon and Discounts, issue 7 §3).
 *
 * Values
 * - Money is integer cents of the market's currency (USD in the US, CAD in Canada). A promotion
 *   valid in both markets gives the same figures in each market's currency.
 * - PERCENT discountValue is a whole percent (1-100); FIXED_AMOUNT discountValue is cents.
 * - Thresholds are measured on the promotion's eligible lines at their own prices, before any
 *   promotion: QUANTITY counts their units, AMOUNT sums their value. A threshold is met at
 *   exactly the value ("orders of $150.00 or more").
 * - Scope: null covers every item; otherwise a line is covered when its item, one of its
 *   categories (the back category and its ancestors) or its brand is listed. Only NORMAL lines
 *   are covered: TRADE_IN (add-on) lines get their add-on price and nothing else, and count
 *   toward no threshold.
 * - A promotion is valid while startsAt <= now < endsAt, in its market, under its usage limit
 *   overall and per customer (per customer only for a signed-in shopper; the order step checks
 *   guests by email). COUPON promotions and member-only ones need a signed-in shopper.
 *
 * Stacking, in this fixed order, each step computed on what the lines are worth after the ones
 * before it:
 *   1. Exchange purchase: each TRADE_IN line takes the cheapest add-on price of a qualifying
 *      offer (saving at most 60 % of its own price, up to the add-on's maxQuantity).
 *   2. Item discounts (PERCENT / FIXED_AMOUNT): at most one AUTO_DISCOUNT, then at most one
 *      PROMOTION_CODE, then at most one COUPON; within each source the one saving the shopper the
 *      most wins (ties: the lower id). A percent is taken of the eligible lines' current value,
 *      rounded half up; a fixed amount is at most that value; maxDiscountCent caps either.
 *   3. FREE_SHIPPING combines with everything: the best one of any source takes the shipping off
 *      (up to its maxDiscountCent); one limited to a shipping option (Free Standard Shipping) only
 *      when the input names that option as the chosen one.
 *   4. Giveaways: every qualifying one is granted; they and exchange offers take no slot above.
 *   5. Points last: POINTS_PER_DOLLAR = 100 (1 point = 1 cent), at most the balance, and at most
 *      what the items are still worth (points never pay for shipping).
 * So no discount exceeds the lines it covers, and no total goes below zero.
 *
 * Reporting: every entered code and chosen coupon that does not apply is in `rejected`, with a
 * typed problem and a message (unknown code, wrong market, not started, expired, sign-in needed,
 * not in the wallet, usage limit, already used, no eligible item, threshold with how much more,
 * beaten by a better one of its kind). Automatic offers the cart is short of are `hints`.
 *
 * Input: line keys are unique cartItemKeys; a line's categoryIds hold its back category and its
 * ancestors; `promotions` are the candidates loaded by worker/promotions/service.ts, where a
 * COUPON entry is one the member holds (couponStatus is its wallet state) and
 * selectedCouponIds name such promotions by id. Quantities, prices, shipping and points are
 * read as whole non-negative numbers (anything else counts as 0).
 *
 * Proration: each discount is spread over the lines it covers by their current value with the
 * largest-remainder method, so the shares sum exactly to the discount and a refund of one line
 * is exact. The work is O(lines x promotions).
 */
import { marketById, type Currency } from '../markets.ts';
import {
  DISCOUNT_SOURCES,
  POINTS_PER_DOLLAR,
  PROMOTION_MSG,
  pointsInCents,
  type DiscountSource,
} from '../promotion-words.ts';
import { describePromotion, nameIn, offerPhrase } from './describe.ts';
import { cartProblem, eligibleLines, shortfall, type EligibilityContext, type Evaluation } from './eligibility.ts';
import { exchangeOffers, giveaways, priceTradeIns } from './exchange.ts';
import { prorate } from './prorate.ts';
import type { Adjustment, CartPricing, Hint, PricingInput, PricingLine, Promotion, Rejection } from './types.ts';

/** A whole, non-negative number (0 for NaN or infinity), so bad input cannot make money out of nothing. */
const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0);

type Candidate = Omit<Evaluation, 'eligible' | 'problem'>;

/** Trimmed, upper-cased, de-duplicated codes, in the order typed. */
export function normalizeCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map((code) => code.trim().toUpperCase()).filter((code) => code.length > 0))];
}

/** The promotions in play: every automatic one, those behind the entered codes, the chosen coupons. */
function candidatesOf(input: PricingInput, rejected: Rejection[]): Candidate[] {
  const unique = [...new Map(input.promotions.map((promotion) => [promotion.id, promotion])).values()];
  const candidates: Candidate[] = unique
    .filter((promotion) => promotion.source === 'AUTO_DISCOUNT')
    .map((promotion) => ({ promotion, noun: 'code', requested: false }));
  for (const code of normalizeCodes(input.enteredCodes)) {
    const matches = unique.filter(
      (promotion) => promotion.source === 'PROMOTION_CODE' && promotion.code?.toUpperCase() === code,
    );
    if (matches.length === 0) {
      rejected.push({ code, problem: 'UNKNOWN_CODE', reason: PROMOTION_MSG.unknownCode });
      continue;
    }
    const here = matches.filter((promotion) => promotion.market === null || promotion.market === input.market);
    for (const promotion of here.length > 0 ? here : matches.slice(0, 1))
      candidates.push({ promotion, noun: 'code', requested: true, code });
  }
  for (const id of new Set(input.selectedCouponIds)) {
    const promotion = unique.find((candidate) => candidate.id === id && candidate.source === 'COUPON');
    if (promotion) candidates.push({ promotion, noun: 'coupon', requested: true });
    else if (input.accountId === null)
      rejected.push({ promotionId: id, problem: 'MEMBERS_ONLY', reason: PROMOTION_MSG.membersOnly('coupon') });
    else rejected.push({ promotionId: id, problem: 'NOT_IN_WALLET', reason: PROMOTION_MSG.notInWallet });
  }
  return candidates;
}

const rejectionOf = (evaluation: Evaluation, problem: Rejection['problem'], reason: string): Rejection => ({
  ...(evaluation.code ? { code: evaluation.code } : {}),
  promotionId: evaluation.promotion.id,
  problem,
  reason,
});

function hintOf(evaluation: Evaluation, currency: Currency): Hint[] {
  const { promotion } = evaluation;
  if (
    evaluation.requested ||
    evaluation.problem?.problem !== 'THRESHOLD' ||
    promotion.promotionType === 'EXCHANGE_PURCHASE'
  )
    return [];
  const gap = shortfall(promotion, evaluation.eligible);
  if (!gap) return [];
  const offer = offerPhrase(promotion, currency);
  const reason =
    gap.items > 0
      ? PROMOTION_MSG.hintItems(gap.items, offer)
      : PROMOTION_MSG.hintSpend({ cent: gap.cent, currency }, offer);
  return [{ promotionId: promotion.id, reason }];
}

/** What an item discount saves on lines now worth `base` cents. */
export function discountAmount(promotion: Promotion, base: number): number {
  const percent = Math.min(Math.max(promotion.discountValue, 0), 100);
  const raw =
    promotion.discountType === 'PERCENT'
      ? Math.floor((base * percent + 50) / 100)
      : Math.max(promotion.discountValue, 0);
  const capped = promotion.maxDiscountCent === null ? raw : Math.min(raw, promotion.maxDiscountCent);
  return Math.max(0, Math.min(capped, base));
}

/** The cart's running state: what each line is still worth, and what has been decided. */
interface Ledger {
  remaining: Map<string, number>;
  adjustments: Adjustment[];
  rejected: Rejection[];
  currency: Currency;
}

const worth = (ledger: Ledger, lines: readonly PricingLine[]) =>
  lines.reduce((sum, line) => sum + (ledger.remaining.get(line.key) ?? 0), 0);

/** Applies an amount to lines, spread by their current worth, and records the adjustment. */
function apply(
  ledger: Ledger,
  base: Omit<Adjustment, 'lines' | 'amountCent'>,
  amountCent: number,
  lines: readonly PricingLine[],
): void {
  const shares = prorate(
    amountCent,
    lines.map((line) => ({ key: line.key, weightCent: ledger.remaining.get(line.key) ?? 0 })),
  );
  for (const share of shares)
    ledger.remaining.set(share.key, (ledger.remaining.get(share.key) ?? 0) - share.amountCent);
  ledger.adjustments.push({ ...base, amountCent, lines: shares.filter((share) => share.amountCent > 0) });
}

const adjustmentBase = (promotion: Promotion, currency: Currency) => ({
  promotionId: promotion.id,
  source: promotion.source,
  name: promotion.name,
  reason: describePromotion(promotion, currency),
});

/** Step 2 for one source: the best item discount among the valid ones; the rest requested are told why not. */
function applyBestItemDiscount(ledger: Ledger, evaluations: readonly Evaluation[], source: DiscountSource): void {
  const options = evaluations
    .filter(
      (e) =>
        e.problem === null &&
        e.promotion.source === source &&
        e.promotion.promotionType === 'DISCOUNT' &&
        (e.promotion.discountType === 'PERCENT' || e.promotion.discountType === 'FIXED_AMOUNT'),
    )
    .map((evaluation) => ({
      evaluation,
      amount: discountAmount(evaluation.promotion, worth(ledger, evaluation.eligible)),
    }))
    .sort((a, b) => b.amount - a.amount || a.evaluation.promotion.id - b.evaluation.promotion.id);
  const best = options[0];
  if (best && best.amount > 0) {
    const { promotion } = best.evaluation;
    apply(
      ledger,
      {
        ...adjustmentBase(promotion, ledger.currency),
        kind: promotion.discountType === 'PERCENT' ? 'PERCENT' : 'FIXED_AMOUNT',
      },
      best.amount,
      best.evaluation.eligible,
    );
  }
  for (const option of options) {
    if (!option.evaluation.requested || (option === best && option.amount > 0)) continue;
    const { noun } = option.evaluation;
    ledger.rejected.push(
      option.amount === 0
        ? rejectionOf(option.evaluation, 'NO_FURTHER_DISCOUNT', PROMOTION_MSG.noFurtherDiscount(noun))
        : rejectionOf(option.evaluation, 'NOT_BEST', PROMOTION_MSG.notBest(noun, best!.evaluation.promotion.name)),
    );
  }
}

/** Whether a free-shipping promotion covers the chosen option: any, or the one it names (in any case). */
const coversOption = (promotion: Promotion, optionName: string | null | undefined) =>
  !promotion.shippingOption || promotion.shippingOption.toLowerCase() === optionName?.trim().toLowerCase();

/** Step 3: the best free shipping of any source (automatic first on a tie) that covers the chosen option. */
function applyFreeShipping(
  ledger: Ledger,
  evaluations: readonly Evaluation[],
  shippingCent: number,
  optionName: string | null | undefined,
): number {
  const sourceRank = (source: DiscountSource) => DISCOUNT_SOURCES.indexOf(source);
  const options = evaluations
    .filter(
      (e) =>
        e.problem === null &&
        e.promotion.promotionType === 'DISCOUNT' &&
        e.promotion.discountType === 'FREE_SHIPPING' &&
        coversOption(e.promotion, optionName),
    )
    .map((evaluation) => ({
      evaluation,
      amount: Math.min(shippingCent, evaluation.promotion.maxDiscountCent ?? shippingCent),
    }))
    .sort(
      (a, b) =>
        b.amount - a.amount ||
        sourceRank(a.evaluation.promotion.source) - sourceRank(b.evaluation.promotion.source) ||
        a.evaluation.promotion.id - b.evaluation.promotion.id,
    );
  const best = options[0];
  if (!best) return 0;
  if (best.amount > 0 || best.evaluation.requested) {
    ledger.adjustments.push({
      ...adjustmentBase(best.evaluation.promotion, ledger.currency),
      kind: 'FREE_SHIPPING',
      amountCent: best.amount,
      lines: [],
    });
  }
  const applied = best.evaluation.promotion.name;
  for (const option of options.slice(1)) {
    if (!option.evaluation.requested) continue;
    const { noun } = option.evaluation;
    const reason =
      best.amount === shippingCent && shippingCent > 0
        ? PROMOTION_MSG.shippingAlreadyFree(noun, applied)
        : PROMOTION_MSG.notBest(noun, applied);
    ledger.rejected.push(rejectionOf(option.evaluation, 'NOT_BEST', reason));
  }
  return best.amount;
}

/** Step 5: points pay for what the items are still worth. */
function applyPoints(
  ledger: Ledger,
  lines: readonly PricingLine[],
  pointsToRedeem: number,
  pointsBalance: number,
): { points: number; cent: number } {
  const usable = Math.min(whole(pointsToRedeem), whole(pointsBalance));
  const cent = Math.min(pointsInCents(usable), worth(ledger, lines));
  if (cent <= 0) return { points: 0, cent: 0 };
  const points = Math.ceil((cent * POINTS_PER_DOLLAR) / 100);
  const reason = PROMOTION_MSG.pointsApplied(points);
  apply(ledger, { promotionId: null, source: null, kind: 'POINTS', name: reason, reason }, cent, lines);
  return { points, cent };
}

/** Lines with whole, non-negative quantities and prices. */
function sane(lines: readonly PricingLine[]): PricingLine[] {
  return lines.map((line) => ({ ...line, quantity: whole(line.quantity), unitCent: whole(line.unitCent) }));
}

/** Prices a cart: the adjustments to apply (each with its reason), what was refused and why, and the totals. */
export function priceCart(input: PricingInput): CartPricing {
  const currency = marketById(input.market).currency;
  const lines = sane(input.lines);
  const context: EligibilityContext = {
    market: input.market,
    currency,
    now: input.now,
    accountId: input.accountId,
    usage: input.usage,
  };
  const ledger: Ledger = {
    remaining: new Map(lines.map((line) => [line.key, line.unitCent * line.quantity])),
    adjustments: [],
    rejected: [],
    currency,
  };
  const evaluations: Evaluation[] = candidatesOf(input, ledger.rejected).map((candidate) => {
    const eligible = eligibleLines(candidate.promotion, lines);
    const promotion = { ...candidate.promotion, name: nameIn(candidate.promotion.name, currency) };
    return { ...candidate, promotion, eligible, problem: cartProblem(promotion, eligible, context, candidate.noun) };
  });
  for (const evaluation of evaluations) {
    if (evaluation.requested && evaluation.problem)
      ledger.rejected.push(rejectionOf(evaluation, evaluation.problem.problem, evaluation.problem.reason));
  }
  const exchange = priceTradeIns(lines, evaluations, currency);
  for (const adjustment of exchange.adjustments) {
    for (const share of adjustment.lines)
      ledger.remaining.set(share.key, (ledger.remaining.get(share.key) ?? 0) - share.amountCent);
    ledger.adjustments.push(adjustment);
  }
  for (const source of DISCOUNT_SOURCES) applyBestItemDiscount(ledger, evaluations, source);
  const shippingCent = whole(input.shippingCent);
  const shippingDiscountCent = applyFreeShipping(ledger, evaluations, shippingCent, input.shippingOptionName);
  const points = applyPoints(ledger, lines, input.pointsToRedeem, input.pointsBalance);
  return totals(lines, ledger, {
    currency,
    shippingCent,
    shippingDiscountCent,
    points,
    hints: evaluations.flatMap((evaluation) => hintOf(evaluation, currency)),
    tradeIns: exchange.tradeIns,
    exchangeOffers: exchangeOffers(evaluations, currency),
    giveaways: giveaways(evaluations, currency),
  });
}

type Extras = Pick<
  CartPricing,
  'currency' | 'shippingCent' | 'shippingDiscountCent' | 'hints' | 'tradeIns' | 'exchangeOffers' | 'giveaways'
> & {
  points: { points: number; cent: number };
};

function totals(lines: readonly PricingLine[], ledger: Ledger, extras: Extras): CartPricing {
  const { points, ...rest } = extras;
  const isItemDiscount = (adjustment: Adjustment) =>
    adjustment.kind !== 'POINTS' && adjustment.kind !== 'FREE_SHIPPING';
  const discounts = new Map<string, number>();
  const pointShares = new Map<string, number>();
  for (const adjustment of ledger.adjustments) {
    const into = adjustment.kind === 'POINTS' ? pointShares : discounts;
    for (const share of adjustment.lines) into.set(share.key, (into.get(share.key) ?? 0) + share.amountCent);
  }
  const priced = lines.map((line) => {
    const subtotalCent = line.unitCent * line.quantity;
    const discountCent = discounts.get(line.key) ?? 0;
    const pointsCent = pointShares.get(line.key) ?? 0;
    return {
      key: line.key,
      subtotalCent,
      discountCent,
      pointsCent,
      totalCent: subtotalCent - discountCent - pointsCent,
    };
  });
  const subtotalCent = priced.reduce((sum, line) => sum + line.subtotalCent, 0);
  const discountCent = ledger.adjustments
    .filter(isItemDiscount)
    .reduce((sum, adjustment) => sum + adjustment.amountCent, 0);
  return {
    ...rest,
    subtotalCent,
    discountCent,
    pointsUsed: points.points,
    pointsCent: points.cent,
    totalCent: subtotalCent - discountCent - points.cent + rest.shippingCent - rest.shippingDiscountCent,
    adjustments: ledger.adjustments,
    rejected: ledger.rejected,
    lines: priced,
  };
}
