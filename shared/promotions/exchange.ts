/**
 * Exchange purchase (add-on items at a discount, §9 PROMO_TEXT) and giveaways. A TRADE_IN line
 * is an add-on: it gets its add-on price only while an offer listing its sku qualifies (the
 * cart's regular lines meet the offer's threshold); otherwise it pays its own price and is
 * reported as not qualifying, for the cart to mark.
 */
import { PROMO_TEXT } from '../constants.ts';
import type { Currency } from '../markets.ts';
import { MAX_ADD_ON_SAVING_PERCENT, PROMOTION_MSG } from '../promotion-words.ts';
import { shortfall, type Evaluation } from './eligibility.ts';
import type { AddOn, Adjustment, ExchangeOfferView, GiveawayView, PricingLine, TradeInStatus } from './types.ts';
import { describePromotion } from './describe.ts';

/** The price of one add-on unit: its offer price, never below the 60 % saving cap nor above its own price. */
export function addOnUnitPrice(addOn: AddOn, unitCent: number): number {
  const floor = unitCent - Math.floor((unitCent * MAX_ADD_ON_SAVING_PERCENT) / 100);
  const percent = Math.min(Math.max(addOn.percentOff ?? 0, 0), 100);
  const offered = addOn.priceCent ?? unitCent - Math.floor((unitCent * percent + 50) / 100);
  return Math.min(unitCent, Math.max(floor, offered));
}

/** Whether an exchange offer is shown at all: it stands (market, time, limits) even if the cart is short of it. */
const shown = (evaluation: Evaluation) =>
  evaluation.problem === null ||
  evaluation.problem.problem === 'THRESHOLD' ||
  evaluation.problem.problem === 'NOT_APPLICABLE';

function lockedReason(evaluation: Evaluation, currency: Currency): string {
  const gap = shortfall(evaluation.promotion, evaluation.eligible);
  if (!gap) return PROMOTION_MSG.addOnNeedsPurchase;
  return gap.items > 0
    ? PROMOTION_MSG.addOnLockedItems(gap.items)
    : PROMOTION_MSG.addOnLocked({ cent: gap.cent, currency });
}

/** The add-on offers a shopper can see, each with whether the cart qualifies and why. */
export function exchangeOffers(evaluations: readonly Evaluation[], currency: Currency): ExchangeOfferView[] {
  return evaluations
    .filter((evaluation) => evaluation.promotion.promotionType === 'EXCHANGE_PURCHASE' && shown(evaluation))
    .map((evaluation) => ({
      promotionId: evaluation.promotion.id,
      name: evaluation.promotion.name,
      qualifies: evaluation.problem === null,
      reason: evaluation.problem === null ? PROMO_TEXT : lockedReason(evaluation, currency),
      addOns: evaluation.promotion.addOns,
    }));
}

interface Pick {
  evaluation: Evaluation;
  addOn: AddOn;
  unitPrice: number;
}

/** The cheapest qualifying add-on price for a sku (ties: the lower promotion id). */
function bestOffer(qualifying: readonly Evaluation[], line: PricingLine): Pick | null {
  let best: Pick | null = null;
  for (const evaluation of qualifying) {
    const addOn = evaluation.promotion.addOns.find((candidate) => candidate.skuId === line.skuId);
    if (!addOn) continue;
    const unitPrice = addOnUnitPrice(addOn, line.unitCent);
    if (
      !best ||
      unitPrice < best.unitPrice ||
      (unitPrice === best.unitPrice && evaluation.promotion.id < best.evaluation.promotion.id)
    ) {
      best = { evaluation, addOn, unitPrice };
    }
  }
  return best;
}

export interface ExchangeResult {
  adjustments: Adjustment[];
  tradeIns: TradeInStatus[];
}

/**
 * Prices the TRADE_IN lines: each takes the cheapest add-on price among the qualifying offers
 * listing its sku, for at most the add-on's maxQuantity units per order (lines taken in key
 * order, so line order does not matter). One EXCHANGE adjustment per offer used.
 */
export function priceTradeIns(
  lines: readonly PricingLine[],
  evaluations: readonly Evaluation[],
  currency: Currency,
): ExchangeResult {
  const offers = evaluations.filter((evaluation) => evaluation.promotion.promotionType === 'EXCHANGE_PURCHASE');
  const qualifying = offers.filter((evaluation) => evaluation.problem === null);
  const unitsUsed = new Map<string, number>();
  const byPromotion = new Map<number, Adjustment>();
  const tradeIns: TradeInStatus[] = [];
  const tradeInLines = lines.filter((line) => line.itemType === 'TRADE_IN').sort((a, b) => (a.key < b.key ? -1 : 1));
  for (const line of tradeInLines) {
    const pick = bestOffer(qualifying, line);
    if (!pick) {
      const locked = offers.find(
        (evaluation) => shown(evaluation) && evaluation.promotion.addOns.some((addOn) => addOn.skuId === line.skuId),
      );
      tradeIns.push({
        key: line.key,
        qualifies: false,
        promotionId: null,
        reason: locked ? lockedReason(locked, currency) : PROMOTION_MSG.addOnUnavailable,
      });
      continue;
    }
    const promotion = pick.evaluation.promotion;
    const usedKey = `${promotion.id}:${line.skuId}`;
    const units = Math.max(0, Math.min(line.quantity, pick.addOn.maxQuantity - (unitsUsed.get(usedKey) ?? 0)));
    unitsUsed.set(usedKey, (unitsUsed.get(usedKey) ?? 0) + units);
    const amountCent = (line.unitCent - pick.unitPrice) * units;
    tradeIns.push({
      key: line.key,
      qualifies: true,
      promotionId: promotion.id,
      reason: PROMOTION_MSG.addOnApplied(promotion.name),
    });
    if (amountCent <= 0) continue;
    const adjustment = byPromotion.get(promotion.id) ?? {
      promotionId: promotion.id,
      source: promotion.source,
      kind: 'EXCHANGE' as const,
      name: promotion.name,
      reason: describePromotion(promotion, currency),
      amountCent: 0,
      lines: [],
    };
    adjustment.amountCent += amountCent;
    adjustment.lines.push({ key: line.key, amountCent });
    byPromotion.set(promotion.id, adjustment);
  }
  const adjustments = [...byPromotion.values()].sort((a, b) => (a.promotionId ?? 0) - (b.promotionId ?? 0));
  return { adjustments, tradeIns };
}

/** The free gifts the cart has earned. */
export function giveaways(evaluations: readonly Evaluation[], currency: Currency): GiveawayView[] {
  return evaluations.flatMap((evaluation) => {
    const { promotion } = evaluation;
    if (promotion.promotionType !== 'GIVEAWAY' || evaluation.problem !== null || !promotion.gift) return [];
    return [
      {
        promotionId: promotion.id,
        name: promotion.name,
        reason: describePromotion(promotion, currency),
        ...promotion.gift,
      },
    ];
  });
}
