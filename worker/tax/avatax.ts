import type * as z from 'zod';
import type { JurisdictionLevel } from '../../shared/tax.ts';
import {
  SHIPPING_REF,
  TaxServiceError,
  type ChargedTax,
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
import {
  AVATAX_TAX_CODE,
  avataxCreateTransaction,
  avataxErrorBody,
  avataxRefundTransaction,
  avataxTransaction,
  type AvataxLineDetail,
  type AvataxTransaction,
} from './avatax-schemas.ts';

/**
 * Avalara AvaTax (issue 39): a quote is an uncommitted SalesOrder (AvaTax keeps none); the paid
 * order is a SalesInvoice created with commit; a cancelled order is refunded in full with
 * RefundTransaction; a refund of some units is a committed ReturnInvoice whose lines carry exactly
 * the tax charged on them (a TaxAmount override), so the filed return matches what went back. A
 * sale the shop charged less on (a Canadian reseller's PST) is committed with a document-level
 * TaxAmount override of what was charged; RefundTransaction then refunds exactly that.
 */

export interface AvataxConfig {
  accountId: string;
  licenseKey: string;
  companyCode: string;
  apiBase: string;
}

const TIMEOUT_MS = 5000;
const LEVEL: Record<AvataxLineDetail['jurisType'], JurisdictionLevel> = {
  STA: 'state',
  CTY: 'county',
  CIT: 'city',
  STJ: 'district',
  CNT: 'country',
};

/**
 * AvaTax's entity/use codes for an exempt buyer: G (resale) for a resale certificate, L (other) for
 * any other exemption certificate. With the certificate's number as `exemptionNo`, the document is
 * exempt and AvaTax's reports show why.
 */
const ENTITY_USE_CODE = { RESALE: 'G', EXEMPTION: 'L' } as const;

const dollars = (cents: number) => cents / 100;
const cents = (amount: number) => Math.round(amount * 100);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** AvaTax writes names in capitals: "FRANKLIN" reads "Franklin". */
const titleCase = (name: string) => name.toLowerCase().replace(/\b([a-z])/g, (letter) => letter.toUpperCase());

/** AvaTax's tax names ("CANADA GST", "QC QST", "OH STATE TAX") under the shop's. */
function taxNameOf(taxName: string): string {
  for (const name of ['HST', 'GST', 'QST', 'PST']) if (new RegExp(`\\b${name}\\b`, 'i').test(taxName)) return name;
  return /\bRST\b/i.test(taxName) ? 'PST' : 'Sales Tax';
}

/** A line's tax by jurisdiction; where an exemption applied, its exempt amount there (no tax, nothing taxable). */
function detailsOf(details: readonly AvataxLineDetail[] | undefined): TaxDetail[] {
  return (details ?? []).flatMap((detail) => {
    const exemptCent = cents(detail.exemptAmount ?? 0);
    if (cents(detail.tax) === 0 && exemptCent <= 0) return [];
    const level = LEVEL[detail.jurisType];
    const code =
      level === 'country'
        ? detail.country
        : level === 'state'
          ? `${detail.country}-${detail.region}`
          : `${detail.country}-${detail.region}-${detail.jurisType}-${detail.jurisCode}`;
    return [
      {
        code,
        name: titleCase(detail.jurisName),
        level,
        region: detail.region,
        taxName: taxNameOf(detail.taxName),
        rate: Math.round(detail.rate * 100_000),
        taxableCent: cents(detail.taxableAmount),
        taxCent: cents(detail.tax),
        ...(exemptCent > 0 ? { exemptCent } : {}),
      },
    ];
  });
}

/** Where the parts went: AvaTax taxes by the ship-to address. */
function addressesOf(request: TaxRequest) {
  const { address } = request;
  return {
    shipTo: {
      line1: address.line1,
      ...(address.line2 ? { line2: address.line2 } : {}),
      city: address.city,
      region: address.region,
      country: address.country,
      postalCode: address.postalCode,
    },
  };
}

export class AvataxTaxService implements TaxService {
  readonly id = 'avalara' as const;
  private readonly config: AvataxConfig;
  private readonly runtime: TaxRuntime;

  constructor(config: AvataxConfig, runtime: TaxRuntime = {}) {
    this.config = config;
    this.runtime = runtime;
  }

  /**
   * The request as a CreateTransactionModel of the given type; where the shop charged less than
   * AvaTax figures (TaxSale.charged), a document-level TaxAmount override records what was charged.
   */
  private model(request: TaxRequest, type: 'SalesOrder' | 'SalesInvoice', code?: string, charged?: ChargedTax) {
    const lines = [
      ...request.lines.map((line) => ({
        number: line.ref,
        quantity: line.quantity,
        amount: dollars(line.amountCent),
        taxCode: AVATAX_TAX_CODE.parts,
      })),
      ...(request.shippingCent > 0
        ? [
            {
              number: SHIPPING_REF,
              quantity: 1,
              amount: dollars(request.shippingCent),
              taxCode: AVATAX_TAX_CODE.shipping,
            },
          ]
        : []),
    ];
    return avataxCreateTransaction.parse({
      type,
      ...(code ? { code, commit: true } : {}),
      companyCode: this.config.companyCode,
      date: isoDay(request.date),
      customerCode: (request.customerRef ?? 'guest').slice(0, 50),
      currencyCode: request.currency,
      ...(request.exemption
        ? {
            exemptionNo: request.exemption.number.slice(0, 25),
            entityUseCode: ENTITY_USE_CODE[request.exemption.kind ?? 'EXEMPTION'],
          }
        : {}),
      addresses: addressesOf(request),
      lines,
      ...(charged
        ? { taxOverride: { type: 'TaxAmount', taxAmount: dollars(charged.taxCent), reason: charged.reason } }
        : {}),
    });
  }

  async calculate(request: TaxRequest): Promise<TaxCalculation> {
    if (request.lines.length === 0 && request.shippingCent === 0) return read(null, request);
    const quoted = await this.send(
      'POST',
      '/api/v2/transactions/create?$include=Details',
      this.model(request, 'SalesOrder'),
    );
    return read(quoted, request);
  }

  async commit(sale: TaxSale): Promise<CommittedSale> {
    const path = '/api/v2/transactions/create?$include=Details';
    // Committed before (a retry after an answer that was lost, or a racing worker): the stored document answers.
    const made = await this.createOnce(sale.orderId, () =>
      this.send('POST', path, this.model(sale.request, 'SalesInvoice', sale.orderId, sale.charged ?? undefined)),
    );
    return {
      transactionRef: made.code,
      taxCent: cents(made.totalTax),
      lineRefs: Object.fromEntries((made.lines ?? []).map((line) => [line.lineNumber, line.lineNumber])),
    };
  }

  async reverse(reversal: TaxReversalRequest): Promise<{ transactionRef: string | null }> {
    if (!reversal.transactionRef) return { transactionRef: null };
    const code = reversal.reference.slice(0, 50);
    if (reversal.full) {
      const body = avataxRefundTransaction.parse({
        refundTransactionCode: code,
        refundDate: isoDay(reversal.date),
        refundType: 'Full',
        referenceCode: reversal.transactionRef,
      });
      const path = `${this.transactionPath(reversal.transactionRef)}/refund`;
      return { transactionRef: (await this.createOnce(code, () => this.send('POST', path, body))).code };
    }
    const lines = reversal.lines.filter((line) => line.amountCent + line.taxCent > 0);
    if (lines.length === 0) return { transactionRef: null };
    const body = avataxCreateTransaction.parse({
      type: 'ReturnInvoice',
      code,
      commit: true,
      companyCode: this.config.companyCode,
      date: isoDay(reversal.date),
      customerCode: (reversal.sale.customerRef ?? 'guest').slice(0, 50),
      currencyCode: reversal.sale.currency,
      referenceCode: reversal.transactionRef,
      addresses: addressesOf(reversal.sale),
      lines: lines.map((line) => ({
        number: line.ref,
        quantity: line.quantity,
        amount: -dollars(line.amountCent),
        taxCode: line.ref === SHIPPING_REF ? AVATAX_TAX_CODE.shipping : AVATAX_TAX_CODE.parts,
        taxOverride: { type: 'TaxAmount', taxAmount: -dollars(line.taxCent), reason: 'Refund of the tax charged' },
      })),
    });
    const returned = await this.createOnce(code, () => this.send('POST', '/api/v2/transactions/create', body));
    return { transactionRef: returned.code };
  }

  /**
   * Creates a document under its code once: AvaTax refuses a code it holds (DuplicateEntry, 400), so a
   * retry after an answer that was lost, or two workers racing, read the stored document instead.
   */
  private async createOnce(code: string, create: () => Promise<AvataxTransaction>): Promise<AvataxTransaction> {
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof TaxServiceError) || error.status !== 400) throw error;
      return this.send('GET', `${this.transactionPath(code)}?$include=Details`);
    }
  }

  private transactionPath(code: string): string {
    const company = encodeURIComponent(this.config.companyCode);
    return `/api/v2/companies/${company}/transactions/${encodeURIComponent(code)}`;
  }

  /** One call to AvaTax, its answer read as a TransactionModel; anything else is a TaxServiceError. */
  private async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<z.infer<typeof avataxTransaction>> {
    const send = this.runtime.fetch ?? ((input: RequestInfo, init?: RequestInit) => fetch(input, init));
    const headers: Record<string, string> = {
      Authorization: `Basic ${btoa(`${this.config.accountId}:${this.config.licenseKey}`)}`,
      'X-Avalara-Client': 'autohaven; 1.0; REST; v2',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
      response = await send(`${this.config.apiBase.replace(/\/+$/, '')}${path}`, {
        ...init,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (cause) {
      throw new TaxServiceError('avalara', 0, cause instanceof Error ? cause.message : 'unreachable');
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = avataxErrorBody.safeParse(json);
      throw new TaxServiceError('avalara', response.status, error.success ? error.data.error.message : 'error');
    }
    const parsed = avataxTransaction.safeParse(json);
    if (!parsed.success) throw new TaxServiceError('avalara', 502, `unexpected answer to ${path}`);
    return parsed.data;
  }
}

/** AvaTax's transaction as the shop's calculation (a quote has no reference: AvaTax keeps no SalesOrder). */
function read(transaction: AvataxTransaction | null, request: TaxRequest): TaxCalculation {
  const lineOf = (ref: string) => transaction?.lines?.find((line) => line.lineNumber === ref);
  let exemptCent = 0;
  const taxOf = (ref: string, amountCent: number, quantity: number): LineTax => {
    const line = lineOf(ref);
    if (line) exemptCent += cents(line.exemptAmount);
    return { ref, amountCent, quantity, taxCent: line ? cents(line.tax) : 0, details: detailsOf(line?.details) };
  };
  return {
    provider: 'avalara',
    reference: null,
    lines: request.lines.map((line) => taxOf(line.ref, line.amountCent, line.quantity)),
    shipping: taxOf(SHIPPING_REF, request.shippingCent, 1),
    exemptCent,
  };
}
