import * as z from 'zod';

/**
 * Avalara AvaTax's REST v2 requests and responses, as its API reference documents them
 * (CreateTransaction: POST /api/v2/transactions/create with a CreateTransactionModel, answered with
 * a TransactionModel; RefundTransaction: POST /api/v2/companies/{companyCode}/transactions/
 * {transactionCode}/refund with a RefundTransactionModel; GetTransactionByCode), for the fields the
 * shop sends and reads. The adapter builds its requests through these schemas and reads AvaTax's
 * answers with them; the tests' fake of AvaTax reads the requests and builds its answers with the
 * same ones. AvaTax counts money in decimal currency units (12.99), not cents.
 */

/** AvaTax tax codes: tangible personal property, and shipping by common carrier (FOB destination). */
export const AVATAX_TAX_CODE = { parts: 'P0000000', shipping: 'FR020100' } as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const avataxAddress = z.object({
  line1: z.string().optional(),
  line2: z.string().optional(),
  city: z.string().optional(),
  region: z.string().optional(),
  country: z.string().length(2),
  postalCode: z.string().optional(),
});
export type AvataxAddress = z.infer<typeof avataxAddress>;

/**
 * TaxOverrideModel: on a line, or on the whole document (CreateTransactionModel.taxOverride), where
 * a TaxAmount override is "a total override of the calculated tax on the document" that AvaTax
 * distributes across the lines. A TaxAmount override names its amount, a TaxDate one its day; the
 * reason is kept for audit.
 */
export const avataxTaxOverride = z
  .object({
    type: z.enum(['None', 'TaxAmount', 'Exemption', 'TaxDate', 'AccruedTaxAmount', 'DeriveTaxable', 'OutOfHarbor']),
    taxAmount: z.number().optional(),
    taxDate: day.optional(),
    reason: z.string().min(1),
  })
  .refine((override) => override.type !== 'TaxAmount' || override.taxAmount !== undefined, {
    message: 'a TaxAmount override names its taxAmount',
    path: ['taxAmount'],
  })
  .refine((override) => override.type !== 'TaxDate' || override.taxDate !== undefined, {
    message: 'a TaxDate override names its taxDate',
    path: ['taxDate'],
  });

export const avataxLineItem = z.object({
  number: z.string().min(1).max(50),
  quantity: z.number().positive(),
  amount: z.number(),
  taxCode: z.string().optional(),
  itemCode: z.string().optional(),
  description: z.string().optional(),
  taxOverride: avataxTaxOverride.optional(),
});

export const avataxCreateTransaction = z.object({
  type: z.enum(['SalesOrder', 'SalesInvoice', 'ReturnOrder', 'ReturnInvoice']),
  code: z.string().max(50).optional(),
  companyCode: z.string().min(1),
  date: day,
  customerCode: z.string().min(1).max(50),
  commit: z.boolean().optional(),
  currencyCode: z.string().length(3),
  /** The buyer's certificate number: the document is exempt (GetTransaction answers it as `exemptNo`). */
  exemptionNo: z.string().max(25).optional(),
  /** Why the buyer is exempt, by AvaTax's entity/use code (G resale, L other); `customerUsageType` before 17.11. */
  entityUseCode: z.string().min(1).max(25).optional(),
  referenceCode: z.string().optional(),
  addresses: z.object({ shipFrom: avataxAddress.optional(), shipTo: avataxAddress }),
  lines: z.array(avataxLineItem).min(1),
  /** The document's tax as the shop charged it, distributed by AvaTax across the lines. */
  taxOverride: avataxTaxOverride.optional(),
});
export type AvataxCreateTransaction = z.input<typeof avataxCreateTransaction>;

export const avataxRefundTransaction = z.object({
  refundTransactionCode: z.string().max(50),
  refundDate: day,
  refundType: z.enum(['Full', 'Partial', 'Percentage', 'TaxOnly']),
  refundPercentage: z.number().optional(),
  refundLines: z.array(z.string()).optional(),
  referenceCode: z.string().optional(),
});

/** A jurisdiction's level as AvaTax names it: state, county, city, special district, country. */
export const AVATAX_JURIS_TYPES = ['STA', 'CTY', 'CIT', 'STJ', 'CNT'] as const;

export const avataxLineDetail = z.object({
  country: z.string(),
  region: z.string(),
  jurisCode: z.string(),
  jurisName: z.string(),
  jurisType: z.enum(AVATAX_JURIS_TYPES),
  taxName: z.string(),
  rate: z.number(),
  tax: z.number(),
  taxableAmount: z.number(),
  exemptAmount: z.number().optional(),
  nonTaxableAmount: z.number().optional(),
});
export type AvataxLineDetail = z.infer<typeof avataxLineDetail>;

export const avataxTransactionLine = z.object({
  id: z.number().optional(),
  lineNumber: z.string(),
  lineAmount: z.number(),
  quantity: z.number(),
  tax: z.number(),
  taxableAmount: z.number(),
  exemptAmount: z.number(),
  exemptNo: z.string().nullable().optional(),
  entityUseCode: z.string().nullable().optional(),
  taxCode: z.string().optional(),
  details: z.array(avataxLineDetail).optional(),
});

export const avataxTransaction = z.object({
  id: z.number(),
  code: z.string(),
  date: day,
  status: z.string(),
  type: z.string(),
  currencyCode: z.string().optional(),
  totalAmount: z.number(),
  totalTax: z.number(),
  totalTaxable: z.number().optional(),
  totalExempt: z.number().optional(),
  exemptNo: z.string().nullable().optional(),
  /** The document a return names (a refund's original sale). */
  referenceCode: z.string().nullable().optional(),
  lines: z.array(avataxTransactionLine).optional(),
});
export type AvataxTransaction = z.infer<typeof avataxTransaction>;

/** AvaTax's error body. */
export const avataxErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), target: z.string().optional() }),
});
