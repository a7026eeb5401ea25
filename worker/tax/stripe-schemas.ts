import * as z from 'zod';

/**
 * Stripe Tax's requests and responses, as its API reference documents them (Tax Calculations:
 * POST /v1/tax/calculations, GET /v1/tax/calculations/{id}/line_items; Tax Transactions: POST
 * /v1/tax/transactions/create_from_calculation, POST /v1/tax/transactions/create_reversal), for
 * the fields the shop sends and reads. The adapter builds its requests through these schemas and
 * reads Stripe's answers with them; the tests' fake of Stripe reads the requests and builds its
 * answers with the same ones. Numbers in a request arrive form-encoded, hence the coercion.
 */

const int = z.coerce.number().int();
const nonNegative = int.min(0);

/** Tax codes (Stripe's product tax codes): general tangible goods, and shipping. */
export const STRIPE_TAX_CODE = { parts: 'txcd_99999999', shipping: 'txcd_92010001' } as const;

export const stripeAddress = z.object({
  line1: z.string().optional(),
  line2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postal_code: z.string().optional(),
  country: z.string().length(2),
});

export const stripeCalculationParams = z.object({
  currency: z.string().length(3),
  line_items: z
    .array(
      z.object({
        amount: nonNegative,
        quantity: int.positive().optional(),
        reference: z.string().min(1).max(500),
        tax_behavior: z.enum(['exclusive', 'inclusive']).optional(),
        tax_code: z.string().optional(),
      }),
    )
    .min(1),
  customer_details: z.object({
    address: stripeAddress,
    address_source: z.enum(['billing', 'shipping']),
    taxability_override: z.enum(['customer_exempt', 'none', 'reverse_charge']).optional(),
  }),
  shipping_cost: z
    .object({
      amount: nonNegative,
      tax_behavior: z.enum(['exclusive', 'inclusive']).optional(),
      tax_code: z.string().optional(),
    })
    .optional(),
  tax_date: int.optional(),
  expand: z.array(z.string()).optional(),
});
export type StripeCalculationParams = z.input<typeof stripeCalculationParams>;

const taxabilityReason = z.string();
export const stripeLineBreakdown = z.object({
  amount: z.number().int(),
  jurisdiction: z.object({
    country: z.string(),
    display_name: z.string(),
    level: z.enum(['city', 'country', 'county', 'district', 'state']),
    state: z.string().nullable(),
  }),
  sourcing: z.string(),
  tax_rate_details: z
    .object({ display_name: z.string(), percentage_decimal: z.string(), tax_type: z.string() })
    .nullable(),
  taxability_reason: taxabilityReason,
  taxable_amount: z.number().int(),
});
export type StripeLineBreakdown = z.infer<typeof stripeLineBreakdown>;

export const stripeCalculationLineItem = z.object({
  id: z.string(),
  object: z.literal('tax.calculation_line_item'),
  amount: z.number().int(),
  amount_tax: z.number().int(),
  quantity: z.number().int(),
  reference: z.string(),
  tax_behavior: z.enum(['exclusive', 'inclusive']),
  tax_breakdown: z.array(stripeLineBreakdown).nullable().optional(),
  tax_code: z.string(),
});

const list = <T extends z.ZodType>(item: T) =>
  z.object({ object: z.literal('list'), data: z.array(item), has_more: z.boolean(), url: z.string() });
export const stripeLineItemList = list(stripeCalculationLineItem);

export const stripeCalculation = z.object({
  id: z.string().nullable(),
  object: z.literal('tax.calculation'),
  amount_total: z.number().int(),
  currency: z.string(),
  expires_at: z.number().int().nullable(),
  line_items: stripeLineItemList.nullable().optional(),
  livemode: z.boolean(),
  shipping_cost: z
    .object({
      amount: z.number().int(),
      amount_tax: z.number().int(),
      tax_behavior: z.enum(['exclusive', 'inclusive']),
      tax_breakdown: z.array(stripeLineBreakdown).optional(),
      tax_code: z.string(),
    })
    .nullable(),
  tax_amount_exclusive: z.number().int(),
  tax_amount_inclusive: z.number().int(),
  tax_date: z.number().int(),
});
export type StripeCalculation = z.infer<typeof stripeCalculation>;

export const stripeTransactionFromCalculationParams = z.object({
  calculation: z.string().min(1),
  reference: z.string().min(1).max(500),
  expand: z.array(z.string()).optional(),
});

/** Stripe's metadata: up to 50 keys of 40 characters, values of 500. */
const metadata = z.record(z.string().max(40), z.string().max(500)).optional();

/**
 * A reversal: `full` gives back the whole transaction; `partial` the amounts named (negative, in
 * cents: a line's price and its tax apart, so a reversal may give back tax alone), by line item,
 * shipping cost, or one flat amount, one of which it needs.
 */
export const stripeReversalParams = z
  .object({
    mode: z.enum(['full', 'partial']),
    original_transaction: z.string().min(1),
    reference: z.string().min(1).max(500),
    flat_amount: int.max(0).optional(),
    line_items: z
      .array(
        z.object({
          amount: int.max(0),
          amount_tax: int.max(0),
          metadata,
          original_line_item: z.string().min(1).max(5000),
          quantity: int.positive().optional(),
          reference: z.string().min(1).max(500),
        }),
      )
      .optional(),
    shipping_cost: z.object({ amount: int.max(0), amount_tax: int.max(0) }).optional(),
    metadata,
    expand: z.array(z.string()).optional(),
  })
  .refine(
    (params) =>
      params.mode === 'full' ||
      Boolean(params.line_items?.length || params.shipping_cost || params.flat_amount !== undefined),
    { message: 'a partial reversal names its line items, shipping cost or flat amount', path: ['mode'] },
  );
export type StripeReversalParams = z.input<typeof stripeReversalParams>;

export const stripeTransactionLineItem = z.object({
  id: z.string(),
  object: z.literal('tax.transaction_line_item'),
  amount: z.number().int(),
  amount_tax: z.number().int(),
  quantity: z.number().int(),
  reference: z.string(),
  reversal: z.object({ original_line_item: z.string() }).nullable(),
  type: z.enum(['reversal', 'transaction']),
});

export type StripeTransactionLineItem = z.infer<typeof stripeTransactionLineItem>;

/** GET /v1/tax/transactions/{id}/line_items: a transaction's lines, page by page. */
export const stripeTransactionLineItemList = list(stripeTransactionLineItem);

export const stripeTransaction = z.object({
  id: z.string(),
  object: z.literal('tax.transaction'),
  created: z.number().int(),
  currency: z.string(),
  line_items: list(stripeTransactionLineItem).nullable().optional(),
  livemode: z.boolean(),
  posted_at: z.number().int(),
  reference: z.string(),
  reversal: z.object({ original_transaction: z.string().nullable() }).nullable(),
  shipping_cost: z.object({ amount: z.number().int(), amount_tax: z.number().int() }).nullable(),
  tax_date: z.number().int(),
  type: z.enum(['reversal', 'transaction']),
});
export type StripeTransaction = z.infer<typeof stripeTransaction>;

/** Stripe's error body. */
export const stripeErrorBody = z.object({
  error: z.object({ type: z.string(), code: z.string().optional(), message: z.string().optional() }),
});
