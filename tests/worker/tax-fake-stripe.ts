import { US_SHIPPING_TAXED } from '../../shared/tax.ts';
import {
  stripeCalculation,
  stripeCalculationParams,
  stripeLineItemList,
  stripeReversalParams,
  stripeTransaction,
  stripeTransactionFromCalculationParams,
  stripeTransactionLineItemList,
  type StripeLineBreakdown,
  type StripeTransaction,
} from '../../worker/tax/stripe-schemas.ts';
import { canadianTaxesAt, type FakeTaxServices, jurisdictionsAt, nextId, taxOn } from './tax-fake-places.ts';

/**
 * The fake of Stripe Tax (tax-fakes.ts): calculations, transactions created from them, and
 * reversals, read and answered through the adapter's own schemas (stripe-schemas.ts). A reversal
 * is held to what is left of the transaction, and the tax it leaves the shop liable for is what
 * its tax reports would add up (stripeLiability).
 */

function stripeBreakdown(
  amount: number,
  address: { state?: string; postal_code?: string; country: string },
  exempt: boolean,
) {
  const region = address.state ?? '';
  const places: { jurisdiction: StripeLineBreakdown['jurisdiction']; percent: string; type: string }[] =
    address.country === 'CA'
      ? canadianTaxesAt(region).map((tax) => ({
          jurisdiction: {
            country: 'CA',
            display_name: tax.federal ? 'Canada' : region,
            level: tax.federal ? 'country' : 'state',
            state: region,
          },
          percent: tax.percent,
          type: tax.name.toLowerCase(),
        }))
      : jurisdictionsAt(address.postal_code ?? '', region).map((place) => ({
          jurisdiction: { country: 'US', display_name: place.name, level: place.level, state: region },
          percent: place.percent,
          type: 'sales_tax',
        }));
  return places.map(
    (place): StripeLineBreakdown => ({
      amount: exempt ? 0 : taxOn(amount, place.percent),
      jurisdiction: place.jurisdiction,
      sourcing: 'destination',
      tax_rate_details: exempt
        ? null
        : { display_name: 'Sales Tax', percentage_decimal: place.percent, tax_type: place.type },
      taxability_reason: exempt ? 'customer_exempt' : 'standard_rated',
      taxable_amount: exempt ? 0 : amount,
    }),
  );
}

const sum = (breakdown: StripeLineBreakdown[]) => breakdown.reduce((total, entry) => total + entry.amount, 0);

export function fakeStripe(state: FakeTaxServices, method: string, url: URL, form: Record<string, unknown>): Response {
  const path = url.pathname;
  if (method === 'POST' && path === '/v1/tax/calculations') {
    const params = stripeCalculationParams.parse(form);
    const address = params.customer_details.address;
    const exempt = params.customer_details.taxability_override === 'customer_exempt';
    const id = nextId('taxcalc');
    const items = params.line_items.map((item) => {
      const breakdown = stripeBreakdown(item.amount, address, exempt);
      return {
        id: nextId('tax_li'),
        object: 'tax.calculation_line_item' as const,
        amount: item.amount,
        amount_tax: sum(breakdown),
        quantity: item.quantity ?? 1,
        reference: item.reference,
        tax_behavior: 'exclusive' as const,
        tax_breakdown: breakdown,
        tax_code: item.tax_code ?? 'txcd_99999999',
      };
    });
    const shippingTaxed = US_SHIPPING_TAXED.has(address.state ?? '') || address.country === 'CA';
    const cost = params.shipping_cost;
    const shippingBreakdown = cost && shippingTaxed ? stripeBreakdown(cost.amount, address, exempt) : [];
    const tax = items.reduce((total, item) => total + item.amount_tax, 0) + sum(shippingBreakdown);
    const calculation = stripeCalculation.parse({
      id,
      object: 'tax.calculation',
      amount_total: items.reduce((total, item) => total + item.amount, 0) + (cost?.amount ?? 0) + tax,
      currency: params.currency,
      expires_at: Math.floor(Date.now() / 1000) + 90 * 86_400,
      // Like Stripe's list, ten lines at most: the rest are fetched from the line items call.
      line_items: { object: 'list', data: items.slice(0, 10), has_more: items.length > 10, url: `/${id}` },
      livemode: false,
      shipping_cost: cost
        ? {
            amount: cost.amount,
            amount_tax: sum(shippingBreakdown),
            tax_behavior: 'exclusive',
            tax_breakdown: shippingBreakdown,
            tax_code: cost.tax_code ?? 'txcd_92010001',
          }
        : null,
      tax_amount_exclusive: tax,
      tax_amount_inclusive: 0,
      tax_date: Math.floor(Date.now() / 1000),
    });
    state.stripe.calculations.set(id, { ...calculation, line_items: { ...calculation.line_items!, data: items } });
    return Response.json(calculation);
  }
  const transactionItems = /^\/v1\/tax\/transactions\/([^/]+)\/line_items$/.exec(path);
  if (method === 'GET' && transactionItems) {
    const data = state.stripe.transactions.get(transactionItems[1]!)?.line_items?.data ?? [];
    const after = url.searchParams.get('starting_after');
    const from = after ? data.findIndex((item) => item.id === after) + 1 : 0;
    const page = data.slice(from, from + Number(url.searchParams.get('limit') ?? 10));
    return Response.json(
      stripeTransactionLineItemList.parse({
        object: 'list',
        data: page,
        has_more: from + page.length < data.length,
        url: path,
      }),
    );
  }
  const lineItems = /^\/v1\/tax\/calculations\/([^/]+)\/line_items$/.exec(path);
  if (method === 'GET' && lineItems) {
    const data = state.stripe.calculations.get(lineItems[1]!)?.line_items?.data ?? [];
    const after = url.searchParams.get('starting_after');
    const from = after ? data.findIndex((item) => item.id === after) + 1 : 0;
    const page = data.slice(from, from + Number(url.searchParams.get('limit') ?? 10));
    return Response.json(
      stripeLineItemList.parse({ object: 'list', data: page, has_more: from + page.length < data.length, url: path }),
    );
  }
  if (method === 'POST' && path === '/v1/tax/transactions/create_from_calculation') {
    const params = stripeTransactionFromCalculationParams.parse(form);
    const calculation = state.stripe.calculations.get(params.calculation);
    if (!calculation) return stripeError(404, 'resource_missing', 'No such calculation');
    if (referenceUsed(state, params.reference)) return stripeError(400, 'invalid_request_error', 'reference in use');
    const items = (calculation.line_items?.data ?? []).map((item) => ({
      id: nextId('tax_li'),
      object: 'tax.transaction_line_item' as const,
      amount: item.amount,
      amount_tax: item.amount_tax,
      quantity: item.quantity,
      reference: item.reference,
      reversal: null,
      type: 'transaction' as const,
    }));
    const cost = calculation.shipping_cost;
    return storeTransaction(
      state,
      params.reference,
      items,
      cost ? { amount: cost.amount, amount_tax: cost.amount_tax } : null,
      null,
    );
  }
  if (method === 'POST' && path === '/v1/tax/transactions/create_reversal') {
    const params = stripeReversalParams.parse(form);
    const original = state.stripe.transactions.get(params.original_transaction);
    if (!original) return stripeError(404, 'resource_missing', 'No such transaction');
    if (referenceUsed(state, params.reference)) return stripeError(400, 'invalid_request_error', 'reference in use');
    const refused = beyondTheOriginal(state, original, params);
    if (refused) return stripeError(400, 'invalid_request_error', refused);
    const items =
      params.mode === 'full'
        ? (original.line_items?.data ?? []).map((item) => ({
            ...item,
            amount: -item.amount,
            amount_tax: -item.amount_tax,
            original_line_item: item.id,
          }))
        : (params.line_items ?? []);
    const reversed = items.map((item) => ({
      id: nextId('tax_li'),
      object: 'tax.transaction_line_item' as const,
      amount: item.amount,
      amount_tax: item.amount_tax,
      quantity: 'quantity' in item && item.quantity ? item.quantity : 1,
      reference: 'reference' in item ? item.reference : params.reference,
      reversal: { original_line_item: item.original_line_item },
      type: 'reversal' as const,
    }));
    const cost =
      params.mode === 'full' && original.shipping_cost
        ? { amount: -original.shipping_cost.amount, amount_tax: -original.shipping_cost.amount_tax }
        : (params.shipping_cost ?? null);
    return storeTransaction(state, params.reference, reversed, cost, original.id);
  }
  return stripeError(404, 'resource_missing', `Unrecognized request URL (${method}: ${path})`);
}

/** The reversals recorded against a transaction. */
const reversalsOf = (state: FakeTaxServices, original: StripeTransaction) =>
  [...state.stripe.transactions.values()].filter((tx) => tx.reversal?.original_transaction === original.id);

/**
 * Why a reversal cannot be taken, or null: a partial one may not give back more of a line's price or
 * tax (or of the shipping's) than is left after the reversals before it. Stripe's reference does not
 * say what a full reversal does after partial ones; the shop never asks for one, and the fake refuses
 * it, so a test shows it if it ever did.
 */
function beyondTheOriginal(
  state: FakeTaxServices,
  original: StripeTransaction,
  params: ReturnType<typeof stripeReversalParams.parse>,
): string | null {
  const before = reversalsOf(state, original);
  if (params.mode === 'full') return before.length > 0 ? 'the transaction was partially reversed before' : null;
  const earlier = before.flatMap((tx) => tx.line_items?.data ?? []);
  for (const line of params.line_items ?? []) {
    const item = original.line_items?.data.find((candidate) => candidate.id === line.original_line_item);
    if (!item) return `no line item ${line.original_line_item} in ${original.id}`;
    const gone = earlier.filter((back) => back.reversal?.original_line_item === item.id);
    const amountLeft = item.amount + gone.reduce((total, back) => total + back.amount, 0);
    const taxLeft = item.amount_tax + gone.reduce((total, back) => total + back.amount_tax, 0);
    if (-line.amount > amountLeft || -line.amount_tax > taxLeft) return `more than is left of ${item.id}`;
  }
  if (params.shipping_cost && original.shipping_cost) {
    const gone = before.map((tx) => tx.shipping_cost ?? { amount: 0, amount_tax: 0 });
    const amountLeft = original.shipping_cost.amount + gone.reduce((total, back) => total + back.amount, 0);
    const taxLeft = original.shipping_cost.amount_tax + gone.reduce((total, back) => total + back.amount_tax, 0);
    if (-params.shipping_cost.amount > amountLeft || -params.shipping_cost.amount_tax > taxLeft)
      return 'more than is left of the shipping cost';
  }
  return null;
}

/**
 * The tax Stripe holds the shop liable for on a transaction: its own, less every reversal of it
 * (lines and shipping), as its tax reports add them up.
 */
export function stripeLiability(state: FakeTaxServices, transactionId: string): number {
  const original = state.stripe.transactions.get(transactionId);
  if (!original) return 0;
  const taxOf = (tx: StripeTransaction) =>
    (tx.line_items?.data ?? []).reduce((total, item) => total + item.amount_tax, 0) +
    (tx.shipping_cost?.amount_tax ?? 0);
  return [original, ...reversalsOf(state, original)].reduce((total, tx) => total + taxOf(tx), 0);
}

/** Stripe refuses a transaction whose reference another transaction or reversal holds. */
const referenceUsed = (state: FakeTaxServices, reference: string) =>
  [...state.stripe.transactions.values()].some((tx) => tx.reference === reference);

function storeTransaction(
  state: FakeTaxServices,
  reference: string,
  items: NonNullable<StripeTransaction['line_items']>['data'],
  cost: StripeTransaction['shipping_cost'],
  reverses: string | null,
): Response {
  const id = nextId('tax');
  const now = Math.floor(Date.now() / 1000);
  const transaction = stripeTransaction.parse({
    id,
    object: 'tax.transaction',
    created: now,
    currency: 'usd',
    line_items: { object: 'list', data: items, has_more: false, url: `/v1/tax/transactions/${id}/line_items` },
    livemode: false,
    posted_at: now,
    reference,
    reversal: reverses ? { original_transaction: reverses } : null,
    shipping_cost: cost,
    tax_date: now,
    type: reverses ? 'reversal' : 'transaction',
  });
  state.stripe.transactions.set(id, transaction);
  // Like Stripe's expanded list, ten lines at most: the rest are fetched from the line items call.
  const shown = transaction.line_items!;
  return Response.json({
    ...transaction,
    line_items: { ...shown, data: items.slice(0, 10), has_more: items.length > 10 },
  });
}

export const stripeError = (status: number, code: string, message: string) =>
  Response.json({ error: { type: 'invalid_request_error', code, message } }, { status });
