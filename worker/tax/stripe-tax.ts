import type * as z from 'zod';
import type { JurisdictionLevel } from '../../shared/tax.ts';
import {
  SHIPPING_REF,
  TaxServiceError,
  type CommittedSale,
  type LineTax,
  type TaxCalculation,
  type TaxDetail,
  type TaxRequest,
  type TaxReversalRequest,
  type TaxRuntime,
  type TaxSale,
  type TaxService,
} from './model.ts';
import { encodeStripeForm } from './stripe-form.ts';
import {
  STRIPE_TAX_CODE,
  stripeCalculation,
  stripeCalculationParams,
  stripeErrorBody,
  stripeLineItemList,
  stripeReversalParams,
  stripeTransaction,
  stripeTransactionFromCalculationParams,
  type StripeCalculation,
  type StripeLineBreakdown,
} from './stripe-schemas.ts';

/**
 * Stripe Tax (issue 39): a calculation per quote (the ship-to address's jurisdictions, the
 * taxability of the parts and of the shipping), a transaction created from it once the order is
 * paid, and reversals for what goes back. Form-encoded, with idempotency keys on every write.
 */

export interface StripeTaxConfig {
  secretKey: string;
  apiBase: string;
}

/** A quote must not hold checkout up: past this the offline table answers instead. */
const TIMEOUT_MS = 5000;

/** Stripe's tax types under the shop's names (Manitoba's RST is its PST). */
const TAX_NAME: Record<string, string> = {
  sales_tax: 'Sales Tax',
  gst: 'GST',
  hst: 'HST',
  pst: 'PST',
  rst: 'PST',
  qst: 'QST',
};

/** A percentage as Stripe writes it ("8.5") in thousandths of a percent (8500). */
export const rateOf = (percentage: string) => Math.round(Number.parseFloat(percentage) * 1000);

/** Stripe names jurisdictions but gives them no code: one built from what identifies them. */
function codeOf(breakdown: StripeLineBreakdown): string {
  const { country, state, level, display_name } = breakdown.jurisdiction;
  const slug = display_name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return level === 'country' ? country : level === 'state' ? `${country}-${state}` : `${country}-${state}-${slug}`;
}

/**
 * A line's tax by jurisdiction; a jurisdiction the buyer's certificate exempted (`customer_exempt`,
 * which Stripe names with no tax and nothing taxable) records the line's `amount` as exempt there.
 */
function detailsOf(
  breakdowns: readonly StripeLineBreakdown[] | null | undefined,
  region: string,
  amount: number,
): TaxDetail[] {
  return (breakdowns ?? []).flatMap((breakdown) => {
    const rate = breakdown.tax_rate_details;
    const exempt = breakdown.taxability_reason === 'customer_exempt';
    if (!exempt && (!rate || breakdown.amount === 0)) return [];
    const level: JurisdictionLevel = breakdown.jurisdiction.level;
    const where = {
      code: codeOf(breakdown),
      name: breakdown.jurisdiction.display_name,
      level,
      region: breakdown.jurisdiction.state ?? region,
      taxName: rate ? (TAX_NAME[rate.tax_type] ?? rate.display_name) : 'Sales Tax',
      rate: rate ? rateOf(rate.percentage_decimal) : 0,
    };
    if (exempt) return amount > 0 ? [{ ...where, taxableCent: 0, taxCent: 0, exemptCent: amount }] : [];
    return [{ ...where, taxableCent: breakdown.taxable_amount, taxCent: breakdown.amount }];
  });
}

const exemptIn = (breakdowns: readonly StripeLineBreakdown[] | null | undefined) =>
  (breakdowns ?? []).some((breakdown) => breakdown.taxability_reason === 'customer_exempt');

export class StripeTaxService implements TaxService {
  readonly id = 'stripe' as const;
  private readonly config: StripeTaxConfig;
  private readonly runtime: TaxRuntime;

  constructor(config: StripeTaxConfig, runtime: TaxRuntime = {}) {
    this.config = config;
    this.runtime = runtime;
  }

  async calculate(request: TaxRequest): Promise<TaxCalculation> {
    const taxed = request.lines.filter((line) => line.amountCent > 0);
    if (taxed.length === 0) return zeroCalculation(request);
    const { address } = request;
    const params = stripeCalculationParams.parse({
      currency: request.currency.toLowerCase(),
      line_items: taxed.map((line) => ({
        amount: line.amountCent,
        quantity: line.quantity,
        reference: line.ref,
        tax_behavior: 'exclusive',
        tax_code: STRIPE_TAX_CODE.parts,
      })),
      customer_details: {
        address: {
          line1: address.line1,
          ...(address.line2 ? { line2: address.line2 } : {}),
          city: address.city,
          state: address.region,
          postal_code: address.postalCode,
          country: address.country,
        },
        address_source: 'shipping',
        ...(request.exemption ? { taxability_override: 'customer_exempt' } : {}),
      },
      ...(request.shippingCent > 0
        ? {
            shipping_cost: {
              amount: request.shippingCent,
              tax_behavior: 'exclusive',
              tax_code: STRIPE_TAX_CODE.shipping,
            },
          }
        : {}),
      expand: ['line_items'],
    });
    const calculation = await this.send(stripeCalculation, 'POST', '/v1/tax/calculations', params);
    return this.read(calculation, request);
  }

  /** Stripe's answer as the shop's calculation; a long cart's further lines are fetched page by page. */
  private async read(calculation: StripeCalculation, request: TaxRequest): Promise<TaxCalculation> {
    const items = [...(calculation.line_items?.data ?? [])];
    let more = calculation.line_items?.has_more ?? false;
    while (more && calculation.id) {
      const after = items.at(-1)?.id ?? '';
      const path = `/v1/tax/calculations/${calculation.id}/line_items?limit=100&starting_after=${after}`;
      const page = await this.send(stripeLineItemList, 'GET', path);
      items.push(...page.data);
      more = page.has_more && page.data.length > 0;
    }
    const region = request.address.region;
    let exemptCent = 0;
    const lines: LineTax[] = request.lines.map((line) => {
      const item = items.find((candidate) => candidate.reference === line.ref);
      if (item && exemptIn(item.tax_breakdown)) exemptCent += item.amount;
      return item
        ? { ...line, taxCent: item.amount_tax, details: detailsOf(item.tax_breakdown, region, item.amount) }
        : { ...line, taxCent: 0, details: [] };
    });
    const cost = calculation.shipping_cost;
    if (cost && exemptIn(cost.tax_breakdown)) exemptCent += cost.amount;
    const shipping: LineTax = {
      ref: SHIPPING_REF,
      amountCent: request.shippingCent,
      quantity: 1,
      taxCent: cost?.amount_tax ?? 0,
      details: detailsOf(cost?.tax_breakdown, region, cost?.amount ?? 0),
    };
    return { provider: 'stripe', reference: calculation.id, lines, shipping, exemptCent };
  }

  async commit(sale: TaxSale): Promise<CommittedSale> {
    let calculationRef = sale.calculationRef ?? (await this.calculate(sale.request)).reference;
    if (!calculationRef) return { transactionRef: null, taxCent: 0, lineRefs: {} };
    const create = (calculation: string) =>
      this.send(
        stripeTransaction,
        'POST',
        '/v1/tax/transactions/create_from_calculation',
        stripeTransactionFromCalculationParams.parse({
          calculation,
          reference: sale.orderId,
          expand: ['line_items'],
        }),
        `tax-commit-${sale.orderId}-${calculation}`,
      );
    let transaction: z.infer<typeof stripeTransaction>;
    try {
      transaction = await create(calculationRef);
    } catch (error) {
      // A calculation lives 90 days: an order paid later than that is calculated again.
      if (!(error instanceof TaxServiceError) || error.status !== 404 || !sale.calculationRef) throw error;
      calculationRef = (await this.calculate(sale.request)).reference!;
      transaction = await create(calculationRef);
    }
    const items = transaction.line_items?.data ?? [];
    const taxCent =
      items.reduce((sum, item) => sum + item.amount_tax, 0) + (transaction.shipping_cost?.amount_tax ?? 0);
    return {
      transactionRef: transaction.id,
      taxCent,
      lineRefs: Object.fromEntries(items.map((item) => [item.reference, item.id])),
    };
  }

  async reverse(reversal: TaxReversalRequest): Promise<{ transactionRef: string | null }> {
    if (!reversal.transactionRef) return { transactionRef: null };
    const goods = reversal.lines.filter((line) => line.ref !== SHIPPING_REF && line.amountCent + line.taxCent > 0);
    const shipping = reversal.lines.find((line) => line.ref === SHIPPING_REF && line.amountCent + line.taxCent > 0);
    if (!reversal.full && goods.length === 0 && !shipping) return { transactionRef: null };
    const params = stripeReversalParams.parse({
      mode: reversal.full ? 'full' : 'partial',
      original_transaction: reversal.transactionRef,
      reference: reversal.reference,
      ...(reversal.full
        ? {}
        : {
            line_items: goods.map((line) => ({
              amount: -line.amountCent,
              amount_tax: -line.taxCent,
              original_line_item: line.providerLineRef ?? line.ref,
              quantity: line.quantity,
              reference: `${line.ref}-${reversal.reference}`.slice(0, 500),
            })),
            ...(shipping ? { shipping_cost: { amount: -shipping.amountCent, amount_tax: -shipping.taxCent } } : {}),
          }),
    });
    const path = '/v1/tax/transactions/create_reversal';
    const made = await this.send(stripeTransaction, 'POST', path, params, `tax-reverse-${reversal.reference}`);
    return { transactionRef: made.id };
  }

  /** One call to Stripe, its answer read with its schema; anything else is a TaxServiceError. */
  private async send<T extends z.ZodType>(
    schema: T,
    method: 'GET' | 'POST',
    path: string,
    params?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<z.infer<T>> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.config.secretKey}` };
    if (params) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const send = this.runtime.fetch ?? ((input: RequestInfo, init?: RequestInit) => fetch(input, init));
    const body = params ? encodeStripeForm(params as Parameters<typeof encodeStripeForm>[0]) : undefined;
    let response: Response;
    try {
      const signal = AbortSignal.timeout(TIMEOUT_MS);
      response = await send(`${this.config.apiBase.replace(/\/+$/, '')}${path}`, { method, headers, body, signal });
    } catch (cause) {
      throw new TaxServiceError('stripe', 0, cause instanceof Error ? cause.message : 'unreachable');
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = stripeErrorBody.safeParse(json);
      throw new TaxServiceError('stripe', response.status, error.success ? (error.data.error.message ?? '') : 'error');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new TaxServiceError('stripe', 502, `unexpected answer to ${path}`);
    return parsed.data;
  }
}

/** No line worth taxing (everything paid with points or discounted away): nothing to ask. */
function zeroCalculation(request: TaxRequest): TaxCalculation {
  return {
    provider: 'stripe',
    reference: null,
    lines: request.lines.map((line) => ({ ...line, taxCent: 0, details: [] })),
    shipping: { ref: SHIPPING_REF, amountCent: request.shippingCent, quantity: 1, taxCent: 0, details: [] },
    exemptCent: 0,
  };
}
