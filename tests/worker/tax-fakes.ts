import { CA_SALES_TAX, US_SHIPPING_TAXED, US_STATE_SALES_TAX } from '../../shared/tax.ts';
import {
  avataxCreateTransaction,
  avataxRefundTransaction,
  avataxTransaction,
  type AvataxTransaction,
} from '../../worker/tax/avatax-schemas.ts';
import { decodeStripeForm } from '../../worker/tax/stripe-form.ts';
import {
  stripeCalculation,
  stripeCalculationParams,
  stripeLineItemList,
  stripeReversalParams,
  stripeTransaction,
  stripeTransactionFromCalculationParams,
  type StripeCalculation,
  type StripeLineBreakdown,
  type StripeTransaction,
} from '../../worker/tax/stripe-schemas.ts';

/**
 * Local fakes of Stripe Tax and Avalara AvaTax for the tests: each reads the shop's requests with
 * the schemas the adapters build them with, and answers through the schemas the adapters read
 * with, so a request or answer the real API would not take cannot pass here either. Their rates
 * are a small table of real places (a ZIP code's state, county, city and districts), with every
 * other place at its state's base rate.
 */

type Level = 'state' | 'county' | 'city' | 'district';
interface Jurisdiction {
  name: string;
  level: Level;
  /** Percent, as the services write it. */
  percent: string;
}

/** The places the tests ship to, with the jurisdictions a tax service names there. */
export const PLACES: Record<string, { state: string; jurisdictions: Jurisdiction[] }> = {
  // Columbus, Ohio: 8% (state 5.75, Franklin County 1.25, the transit authority 1).
  '43215': {
    state: 'OH',
    jurisdictions: [
      { name: 'Ohio', level: 'state', percent: '5.75' },
      { name: 'Franklin County', level: 'county', percent: '1.25' },
      { name: 'Central Ohio Transit Authority', level: 'district', percent: '1.0' },
    ],
  },
  // San Francisco, California: 8.625% (state 6, county 0.25, city 1, four special districts).
  '94103': {
    state: 'CA',
    jurisdictions: [
      { name: 'California', level: 'state', percent: '6.0' },
      { name: 'San Francisco County', level: 'county', percent: '0.25' },
      { name: 'San Francisco', level: 'city', percent: '1.0' },
      { name: 'San Francisco County Transportation Authority', level: 'district', percent: '0.5' },
      { name: 'Bay Area Rapid Transit District', level: 'district', percent: '0.5' },
      { name: 'San Francisco Public Financing Authority', level: 'district', percent: '0.25' },
      { name: 'Peninsula Corridor Joint Powers Board', level: 'district', percent: '0.125' },
    ],
  },
  // Seattle, Washington: 10.35% (state 6.5, city 2.45, Sound Transit 1.4).
  '98101': {
    state: 'WA',
    jurisdictions: [
      { name: 'Washington', level: 'state', percent: '6.5' },
      { name: 'Seattle', level: 'city', percent: '2.45' },
      { name: 'Regional Transit Authority', level: 'district', percent: '1.4' },
    ],
  },
};

/** What the fakes charge where: the table's place, else the state's base rate. */
function jurisdictionsAt(postalCode: string, state: string): Jurisdiction[] {
  const place = PLACES[postalCode.slice(0, 5)];
  if (place) return place.jurisdictions;
  const rate = US_STATE_SALES_TAX[state] ?? 0;
  return rate === 0 ? [] : [{ name: state, level: 'state', percent: String(rate / 1000) }];
}

/** Half up to the cent, as the services round each jurisdiction's tax on a line. */
const taxOn = (amount: number, percent: string) => Math.round((amount * Number(percent)) / 100);

/** A fake service's state the tests read and steer. */
export interface FakeTaxServices {
  fetch: typeof fetch;
  calls: { host: string; method: string; path: string; body: unknown }[];
  /** While set, every call fails this way (the service is down). */
  down: 'http-503' | 'network' | null;
  stripe: {
    calculations: Map<string, StripeCalculation>;
    transactions: Map<string, StripeTransaction>;
    /** Stripe's idempotency: a key's first request and answer, replayed for the same key (24 hours). */
    idempotent: Map<string, { request: string; status: number; body: string }>;
  };
  avatax: { documents: Map<string, AvataxTransaction> };
}

export const STRIPE_BASE = 'https://stripe.fake';
export const AVATAX_BASE = 'https://avatax.fake';

export function fakeTaxServices(): FakeTaxServices {
  const state: FakeTaxServices = {
    calls: [],
    down: null,
    stripe: { calculations: new Map(), transactions: new Map(), idempotent: new Map() },
    avatax: { documents: new Map() },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : new TextDecoder().decode(await request.arrayBuffer());
      const isStripe = url.origin === STRIPE_BASE;
      const body = isStripe ? decodeStripeForm(text) : text ? JSON.parse(text) : null;
      state.calls.push({ host: url.host, method: request.method, path: url.pathname, body });
      if (state.down === 'network') throw new TypeError('fetch failed');
      if (state.down === 'http-503') return Response.json({ error: { type: 'api_error' } }, { status: 503 });
      if (isStripe) {
        const key = request.headers.get('idempotency-key');
        const seen = key ? state.stripe.idempotent.get(key) : undefined;
        const asked = `${request.method} ${url.pathname} ${text}`;
        if (seen && seen.request !== asked)
          return stripeError(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters',
          );
        if (seen) return new Response(seen.body, { status: seen.status, headers: { 'idempotent-replayed': 'true' } });
        const answer = fakeStripe(state, request.method, url, body as Record<string, unknown>);
        // Stripe keeps a key's answer unless the request never ran (a 5xx).
        if (key && answer.status < 500)
          state.stripe.idempotent.set(key, {
            request: asked,
            status: answer.status,
            body: await answer.clone().text(),
          });
        return answer;
      }
      if (url.origin === AVATAX_BASE) return fakeAvatax(state, request.method, url, body);
      throw new Error(`unexpected call to ${request.url}`);
    }) as typeof fetch,
  };
  return state;
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_${(++sequence).toString().padStart(8, '0')}`;

// ---- Stripe Tax ------------------------------------------------------------------------------

function stripeBreakdown(amount: number, address: { state?: string; postal_code?: string }, exempt: boolean) {
  const region = address.state ?? '';
  const canadian = CA_SALES_TAX[region];
  const places: { jurisdiction: StripeLineBreakdown['jurisdiction']; percent: string; type: string }[] = canadian
    ? canadian.map((tax) => ({
        jurisdiction: {
          country: 'CA',
          display_name: tax.name === 'GST' || tax.name === 'HST' ? 'Canada' : region,
          level: tax.name === 'GST' || tax.name === 'HST' ? 'country' : 'state',
          state: region,
        },
        percent: String(tax.rate / 1000),
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

function fakeStripe(state: FakeTaxServices, method: string, url: URL, form: Record<string, unknown>): Response {
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
  return Response.json(transaction);
}

const stripeError = (status: number, code: string, message: string) =>
  Response.json({ error: { type: 'invalid_request_error', code, message } }, { status });

// ---- Avalara AvaTax --------------------------------------------------------------------------

const JURIS_TYPE = { state: 'STA', county: 'CTY', city: 'CIT', district: 'STJ' } as const;
const cents = (amount: number) => Math.round(amount * 100);

function avataxDetails(amountCent: number, region: string, postalCode: string, exempt: boolean) {
  return jurisdictionsAt(postalCode, region).map((place, index) => ({
    country: 'US',
    region,
    jurisCode: `${JURIS_TYPE[place.level]}${index}`,
    jurisName: place.name.toUpperCase(),
    jurisType: JURIS_TYPE[place.level],
    taxName: `${region} ${place.level.toUpperCase()} TAX`,
    rate: Number(place.percent) / 100,
    tax: exempt ? 0 : taxOn(amountCent, place.percent) / 100,
    taxableAmount: exempt ? 0 : amountCent / 100,
    exemptAmount: exempt ? amountCent / 100 : 0,
  }));
}

function fakeAvatax(state: FakeTaxServices, method: string, url: URL, body: unknown): Response {
  const path = url.pathname;
  const byCode = /^\/api\/v2\/companies\/([^/]+)\/transactions\/([^/]+)(\/refund)?$/.exec(path);
  if (method === 'GET' && byCode) {
    const found = state.avatax.documents.get(decodeURIComponent(byCode[2]!));
    return found ? Response.json(found) : avataxError(404, 'EntityNotFoundError', 'Document not found');
  }
  if (method === 'POST' && byCode?.[3]) {
    const refund = avataxRefundTransaction.parse(body);
    const original = state.avatax.documents.get(decodeURIComponent(byCode[2]!));
    if (!original) return avataxError(404, 'EntityNotFoundError', 'Document not found');
    if (state.avatax.documents.has(refund.refundTransactionCode))
      return avataxError(400, 'DuplicateEntry', `Document ${refund.refundTransactionCode} already exists`);
    const lines = (original.lines ?? []).map((line) => ({
      ...line,
      lineAmount: -line.lineAmount,
      tax: -line.tax,
      taxableAmount: -line.taxableAmount,
      details: line.details?.map((detail) => ({ ...detail, tax: -detail.tax, taxableAmount: -detail.taxableAmount })),
    }));
    return storeDocument(state, refund.refundTransactionCode, 'ReturnInvoice', refund.refundDate, lines);
  }
  if (method === 'POST' && path === '/api/v2/transactions/create') {
    const model = avataxCreateTransaction.parse(body);
    if (model.code && state.avatax.documents.has(model.code))
      return avataxError(400, 'DuplicateEntry', `Document ${model.code} already exists`);
    const shipTo = model.addresses.shipTo;
    // An exemption number, or an entity/use code of an exempt buyer (G resale, L other …), exempts the document.
    const exempt = Boolean(model.exemptionNo) || Boolean(model.entityUseCode && model.entityUseCode !== 'TAXABLE');
    const lines = model.lines.map((line) => {
      const amountCent = cents(line.amount);
      const shippingTaxed = US_SHIPPING_TAXED.has(shipTo.region ?? '');
      const taxable = line.taxCode !== 'FR020100' || shippingTaxed;
      let details = taxable ? avataxDetails(amountCent, shipTo.region ?? '', shipTo.postalCode ?? '', exempt) : [];
      const override = line.taxOverride?.type === 'TaxAmount' ? cents(line.taxOverride.taxAmount ?? 0) : null;
      if (override !== null)
        details = details.map((detail, index) => ({ ...detail, tax: index === 0 ? override / 100 : 0 }));
      const tax = details.reduce((total, detail) => total + cents(detail.tax), 0);
      return {
        lineNumber: line.number,
        lineAmount: line.amount,
        quantity: line.quantity,
        tax: tax / 100,
        taxableAmount: exempt || !taxable ? 0 : line.amount,
        exemptAmount: exempt && taxable ? line.amount : 0,
        exemptNo: model.exemptionNo ?? null,
        entityUseCode: model.entityUseCode ?? null,
        taxCode: line.taxCode,
        details,
      };
    });
    const code = model.code ?? nextId('avatax');
    const answer = storeDocument(
      state,
      code,
      model.type,
      model.date,
      lines,
      model.type !== 'SalesOrder' && model.commit === true,
    );
    if (model.type === 'SalesOrder') state.avatax.documents.delete(code);
    return answer;
  }
  return avataxError(404, 'NotFound', `No route ${method} ${path}`);
}

function storeDocument(
  state: FakeTaxServices,
  code: string,
  type: string,
  date: string,
  lines: NonNullable<AvataxTransaction['lines']>,
  committed = true,
): Response {
  const document = avataxTransaction.parse({
    id: ++sequence,
    code,
    date,
    status: committed ? 'Committed' : 'Saved',
    type,
    totalAmount: lines.reduce((total, line) => total + line.lineAmount, 0),
    totalTax: lines.reduce((total, line) => total + cents(line.tax), 0) / 100,
    totalExempt: lines.reduce((total, line) => total + line.exemptAmount, 0),
    lines,
  });
  state.avatax.documents.set(code, document);
  return Response.json(document);
}

const avataxError = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });
