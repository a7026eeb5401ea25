import type * as z from 'zod';
import {
  SHIPPING_REF,
  TaxServiceError,
  type ChargedTax,
  type CommittedSale,
  type LineTax,
  type TaxCalculation,
  type TaxRequest,
  type TaxReversalRequest,
  type TaxRuntime,
  type TaxSale,
  type TaxService,
} from './model.ts';
import { encodeStripeForm } from './stripe-form.ts';
import { detailsOf, exemptIn, zeroCalculation } from './stripe-read.ts';
import {
  STRIPE_TAX_CODE,
  stripeCalculation,
  stripeCalculationParams,
  stripeErrorBody,
  stripeLineItemList,
  stripeReversalParams,
  stripeTransaction,
  stripeTransactionFromCalculationParams,
  stripeTransactionLineItemList,
  type StripeCalculation,
  type StripeTransaction,
  type StripeTransactionLineItem,
} from './stripe-schemas.ts';

/**
 * Stripe Tax (issue 39): a calculation per quote (the ship-to address's jurisdictions, the
 * taxability of the parts and of the shipping), a transaction created from it once the order is
 * paid (less, by a partial reversal, any tax the shop took off itself), and reversals for what
 * goes back. Form-encoded, with idempotency keys on every write.
 */

export interface StripeTaxConfig {
  secretKey: string;
  apiBase: string;
}

/** A quote must not hold checkout up: past this the offline table answers instead. */
const TIMEOUT_MS = 5000;

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
    const items = await this.linesOf(transaction);
    const taxCent =
      items.reduce((sum, item) => sum + item.amount_tax, 0) + (transaction.shipping_cost?.amount_tax ?? 0);
    const uncharged = sale.charged ? await this.reverseUncharged(sale.orderId, sale.charged, transaction, items) : 0;
    return {
      transactionRef: transaction.id,
      taxCent: taxCent - uncharged,
      lineRefs: Object.fromEntries(items.map((item) => [item.reference, item.id])),
    };
  }

  /**
   * Brings a transaction down to what the shop charged (a Canadian reseller's PST, taken off by the
   * shop): a partial reversal of each line's tax beyond what was charged on it, and none of its
   * price (the parts were sold; that tax was not collected). Made once per order (its reference and
   * idempotency key are the order's); answers the tax it reversed.
   */
  private async reverseUncharged(
    orderId: string,
    charged: ChargedTax,
    transaction: StripeTransaction,
    items: StripeTransactionLineItem[],
  ) {
    const beyond = (ref: string, tax: number) => Math.max(0, tax - (charged.lines[ref] ?? tax));
    const lines = items
      .map((item) => ({ item, tax: beyond(item.reference, item.amount_tax) }))
      .filter((line) => line.tax > 0);
    const shipping = beyond(SHIPPING_REF, transaction.shipping_cost?.amount_tax ?? 0);
    const total = lines.reduce((sum, line) => sum + line.tax, 0) + shipping;
    if (total === 0) return 0;
    const params = stripeReversalParams.parse({
      mode: 'partial',
      original_transaction: transaction.id,
      reference: `${orderId}-exempt`,
      metadata: { reason: charged.reason },
      ...(lines.length > 0
        ? {
            line_items: lines.map(({ item, tax }) => ({
              amount: 0,
              amount_tax: -tax,
              original_line_item: item.id,
              reference: `${item.reference}-exempt`,
            })),
          }
        : {}),
      ...(shipping > 0 ? { shipping_cost: { amount: 0, amount_tax: -shipping } } : {}),
    });
    const path = '/v1/tax/transactions/create_reversal';
    await this.send(stripeTransaction, 'POST', path, params, `tax-exempt-${orderId}-${transaction.id}`);
    return total;
  }

  /** Every line of a transaction: the expanded list holds the first ones, the rest are fetched page by page. */
  private async linesOf(transaction: StripeTransaction): Promise<StripeTransactionLineItem[]> {
    const items = [...(transaction.line_items?.data ?? [])];
    let more = transaction.line_items?.has_more ?? false;
    while (more) {
      const after = items.at(-1)?.id ?? '';
      const path = `/v1/tax/transactions/${transaction.id}/line_items?limit=100&starting_after=${after}`;
      const page = await this.send(stripeTransactionLineItemList, 'GET', path);
      items.push(...page.data);
      more = page.has_more && page.data.length > 0;
    }
    return items;
  }

  async reverse(reversal: TaxReversalRequest): Promise<{ transactionRef: string | null }> {
    if (!reversal.transactionRef) return { transactionRef: null };
    const goods = reversal.lines.filter((line) => line.ref !== SHIPPING_REF && line.amountCent + line.taxCent > 0);
    const shipping = reversal.lines.find((line) => line.ref === SHIPPING_REF && line.amountCent + line.taxCent > 0);
    // A sale recorded at less than Stripe figured is never reversed in full: that would give back tax never charged.
    const full = reversal.full && !reversal.chargedOnly;
    if (!full && goods.length === 0 && !shipping) return { transactionRef: null };
    const params = stripeReversalParams.parse({
      mode: full ? 'full' : 'partial',
      original_transaction: reversal.transactionRef,
      reference: reversal.reference,
      ...(full
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
