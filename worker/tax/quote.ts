import type { AddressFields } from '../../shared/address.ts';
import type { Market } from '../../shared/markets.ts';
import { collectsIn, regionName, TAX_NOTE } from '../../shared/tax-registrations.ts';
import type { TaxLine } from '../../shared/tax.ts';
import { getShopSettings } from '../content/service.ts';
import { caches } from '../platform/caches.ts';
import { systemClock } from '../platform/clock.ts';
import { log } from '../platform/log.ts';
import { applyCertificate, certificateFor, serviceExemption } from './exemption-quote.ts';
import { calculationTax, collectedOnly, taxLinesOf, taxSummaryOf } from './lines.ts';
import { allocate, SHIPPING_REF, type TaxCalculation, type TaxProviderId, type TaxRequest } from './model.ts';
import { offlineCalculation } from './offline.ts';
import { configuredProvider, taxServiceNamed, type TaxEnv } from './registry.ts';

/**
 * The tax of a checkout (issue 39): nothing where the shop is not registered; otherwise the
 * market's tax service asked for the ship-to address's jurisdictions and the taxability of the
 * parts and the shipping; none where the member's approved certificate covers the state. A
 * service that fails or is slow never fails checkout: the offline table answers and the order it
 * places is marked "tax estimated" for staff.
 */

/** What checkout priced, as the tax is figured on it. */
export interface TaxQuoteInput {
  market: Market;
  address: AddressFields;
  accountId: number | null;
  email: string | null;
  /** The cart's lines in order (their order line numbers are 1, 2, …), priced after their discounts. */
  lines: { amountCent: number; quantity: number }[];
  /** The goods after every discount and points (the tax base of the goods). */
  goodsCent: number;
  /**
   * The core deposits (issue 40), taxed as lines of their own after the parts (their order line numbers
   * follow the parts'); never discounted, so each is taxed on its whole amount. Absent: none.
   */
  deposits?: { amountCent: number; quantity: number }[];
  /** Shipping after its discount. */
  shippingCent: number;
  now: number;
}

/** What the order keeps of its tax: how it was figured, the request (a later commit sends it), each line's tax. */
export interface TaxDraft {
  provider: TaxProviderId;
  configured: TaxProviderId;
  estimated: boolean;
  collecting: boolean;
  certificateId: number | null;
  request: TaxRequest;
  calculation: TaxCalculation;
}

export interface CheckoutTax {
  taxes: TaxLine[];
  tax: number;
  /** A sentence under the tax lines where the shopper should know why there is none. */
  note: string | null;
  summary: { combinedRateLabel: string | null; partsTaxed: boolean; shippingTaxed: boolean; estimated: boolean };
  draft: TaxDraft;
}

/** The quote's request: each line's share of the goods' tax base, in whole cents that add up exactly. */
export function taxRequestOf(input: TaxQuoteInput, exemption: TaxRequest['exemption']): TaxRequest {
  const shares = allocate(
    Math.max(0, input.goodsCent),
    input.lines.map((line) => line.amountCent),
  );
  const { address } = input;
  return {
    market: input.market.id,
    currency: input.market.currency,
    address: {
      line1: address.addressLine1,
      line2: address.addressLine2,
      city: address.city,
      region: address.regionCode,
      postalCode: address.postalCode,
      country: input.market.country.isoCode,
    },
    lines: [
      ...input.lines.map((line, index) => ({
        ref: `L${index + 1}`,
        amountCent: shares[index]!,
        quantity: line.quantity,
      })),
      ...(input.deposits ?? []).map((deposit, index) => ({
        ref: `L${input.lines.length + index + 1}`,
        amountCent: deposit.amountCent,
        quantity: deposit.quantity,
      })),
    ],
    shippingCent: Math.max(0, input.shippingCent),
    customerRef: input.accountId !== null ? `member-${input.accountId}` : (input.email?.toLowerCase() ?? null),
    exemption,
    date: input.now,
  };
}

/** A request with nothing charged: no lines taxed, nothing exempt. */
const untaxed = (request: TaxRequest, provider: TaxProviderId): TaxCalculation => ({
  provider,
  reference: null,
  lines: request.lines.map((line) => ({ ...line, taxCent: 0, details: [] })),
  shipping: { ref: SHIPPING_REF, amountCent: request.shippingCent, quantity: 1, taxCent: 0, details: [] },
  exemptCent: 0,
});

/** The service's calculation, shared for five minutes by identical requests (a checkout quotes often). */
function calculated(env: TaxEnv, provider: TaxProviderId, request: TaxRequest): Promise<TaxCalculation> {
  const { date: _date, ...asked } = request;
  const key = `${provider}:${JSON.stringify(asked)}`;
  return caches.taxCalculations.get(key, systemClock, () => taxServiceNamed(env, provider).calculate(request));
}

/** The tax of a checkout to this address. */
export async function quoteTax(env: TaxEnv, input: TaxQuoteInput): Promise<CheckoutTax> {
  const { market, address } = input;
  const region = address.regionCode;
  const [settings, certificate] = await Promise.all([
    getShopSettings(env.SETTINGS, systemClock),
    certificateFor(env.DB, input.accountId, market.id, region, input.now),
  ]);
  const registrations = settings.TAX_REGISTRATIONS;
  const configured = configuredProvider(env, market.id);
  const request = taxRequestOf(input, serviceExemption(market.id, certificate));
  const draft = (calculation: TaxCalculation, more: Partial<TaxDraft> = {}): TaxDraft => ({
    provider: calculation.provider,
    configured,
    estimated: false,
    collecting: true,
    certificateId: null,
    request,
    calculation,
    ...more,
  });
  if (!collectsIn(registrations, market.id, region)) {
    const calculation = untaxed(request, configured);
    const place = regionName(market.id, region);
    return answer(calculation, market, TAX_NOTE.notCollected(place), draft(calculation, { collecting: false }));
  }
  let calculation: TaxCalculation;
  let estimated = false;
  try {
    calculation = await calculated(env, configured, request);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn('tax service unavailable: the offline table estimates the tax', { provider: configured, reason });
    calculation = offlineCalculation(request);
    estimated = true;
  }
  const exempt = applyCertificate(collectedOnly(calculation, registrations, market.id), market.id, region, certificate);
  calculation = exempt.calculation;
  return answer(
    calculation,
    market,
    exempt.note,
    draft(calculation, { estimated, certificateId: exempt.certificateId }),
  );
}

function answer(calculation: TaxCalculation, market: Market, note: string | null, draft: TaxDraft): CheckoutTax {
  return {
    taxes: taxLinesOf(calculation, market.id),
    tax: calculationTax(calculation),
    note,
    summary: { ...taxSummaryOf(calculation), estimated: draft.estimated },
    draft,
  };
}
