import { CA_PROVINCES } from '../../shared/regions.ts';
import { US_SHIPPING_TAXED } from '../../shared/tax.ts';
import {
  avataxCreateTransaction,
  avataxRefundTransaction,
  avataxTransaction,
  type AvataxAddress,
  type AvataxLineDetail,
  type AvataxTransaction,
} from '../../worker/tax/avatax-schemas.ts';
import { allocate } from '../../worker/tax/model.ts';
import {
  canadianTaxesAt,
  type FakeTaxServices,
  jurisdictionsAt,
  nextId,
  nextNumber,
  taxOn,
} from './tax-fake-places.ts';

/**
 * The fake of Avalara AvaTax (tax-fakes.ts): CreateTransaction (quotes, committed sales, return
 * invoices), RefundTransaction and GetTransactionByCode, read and answered through the adapter's
 * own schemas (avatax-schemas.ts). A TaxAmount override, on a line or on the whole document, sets
 * the tax recorded, spread over the jurisdictions (and a document's over its lines) by the tax each
 * would bear; avataxLiability adds up what the shop owes on a sale.
 */

const JURIS_TYPE = { state: 'STA', county: 'CTY', city: 'CIT', district: 'STJ' } as const;
const cents = (amount: number) => Math.round(amount * 100);

/** A line's tax, in cents, from its details. */
const taxOf = (details: readonly Pick<AvataxLineDetail, 'tax'>[]) =>
  details.reduce((total, detail) => total + cents(detail.tax), 0);

/** The details with `taxCent` spread over them by the tax each figured (the first takes it all where none did). */
function overridden<T extends Pick<AvataxLineDetail, 'tax'>>(details: T[], taxCent: number): T[] {
  const weights = details.map((detail) => Math.abs(cents(detail.tax)));
  const shares = weights.some((weight) => weight > 0)
    ? allocate(Math.abs(taxCent), weights).map((share) => Math.sign(taxCent) * share)
    : details.map((_detail, index) => (index === 0 ? taxCent : 0));
  return details.map((detail, index) => ({ ...detail, tax: shares[index]! / 100 }));
}

/** A Canadian line's details: the GST or HST (the country's), then the province's PST or QST. */
function canadianDetails(amountCent: number, province: string, exempt: boolean): AvataxLineDetail[] {
  return canadianTaxesAt(province).map((tax) => ({
    country: 'CA',
    region: province,
    jurisCode: tax.federal ? 'CA' : province,
    jurisName: tax.federal
      ? 'CANADA'
      : (CA_PROVINCES.find((one) => one.code === province)?.name ?? province).toUpperCase(),
    jurisType: tax.federal ? ('CNT' as const) : ('STA' as const),
    taxName: tax.federal ? `CANADA ${tax.name}` : `${province} ${tax.name}`,
    rate: Number(tax.percent) / 100,
    tax: exempt ? 0 : taxOn(amountCent, tax.percent) / 100,
    taxableAmount: exempt ? 0 : amountCent / 100,
    exemptAmount: exempt ? amountCent / 100 : 0,
  }));
}

function avataxDetails(amountCent: number, shipTo: AvataxAddress, exempt: boolean): AvataxLineDetail[] {
  const region = shipTo.region ?? '';
  if (shipTo.country === 'CA') return canadianDetails(amountCent, region, exempt);
  return jurisdictionsAt(shipTo.postalCode ?? '', region).map((place, index) => ({
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

export function fakeAvatax(state: FakeTaxServices, method: string, url: URL, body: unknown): Response {
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
    // A full refund gives back exactly the tax the document recorded (AvaTax overrides it to that amount).
    const lines = (original.lines ?? []).map((line) => ({
      ...line,
      lineAmount: -line.lineAmount,
      tax: -line.tax,
      taxableAmount: -line.taxableAmount,
      details: line.details?.map((detail) => ({ ...detail, tax: -detail.tax, taxableAmount: -detail.taxableAmount })),
    }));
    const { refundTransactionCode: code, refundDate } = refund;
    return storeDocument(state, { code, type: 'ReturnInvoice', date: refundDate, referenceCode: original.code }, lines);
  }
  if (method === 'POST' && path === '/api/v2/transactions/create') {
    const model = avataxCreateTransaction.parse(body);
    if (model.code && state.avatax.documents.has(model.code))
      return avataxError(400, 'DuplicateEntry', `Document ${model.code} already exists`);
    const shipTo = model.addresses.shipTo;
    // An exemption number, or an entity/use code of an exempt buyer (G resale, L other …), exempts the document.
    const exempt = Boolean(model.exemptionNo) || Boolean(model.entityUseCode && model.entityUseCode !== 'TAXABLE');
    const calculated = model.lines.map((line) => {
      const amountCent = cents(line.amount);
      const shippingTaxed = US_SHIPPING_TAXED.has(shipTo.region ?? '') || shipTo.country === 'CA';
      const taxable = line.taxCode !== 'FR020100' || shippingTaxed;
      const details = taxable ? avataxDetails(amountCent, shipTo, exempt) : [];
      const override = line.taxOverride?.type === 'TaxAmount' ? cents(line.taxOverride.taxAmount ?? 0) : null;
      return { line, taxable, details: override === null ? details : overridden(details, override) };
    });
    // A document's TaxAmount override is its total tax, spread over the lines by the tax each would bear.
    const documentOverride = model.taxOverride?.type === 'TaxAmount' ? cents(model.taxOverride.taxAmount ?? 0) : null;
    const shares =
      documentOverride === null
        ? null
        : allocate(
            documentOverride,
            calculated.map(({ details }) => taxOf(details)),
          );
    const lines = calculated.map(({ line, taxable, details: figured }, index) => {
      const details = shares ? overridden(figured, shares[index]!) : figured;
      const tax = taxOf(details);
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
    const committed = model.type !== 'SalesOrder' && model.commit === true;
    const { type, date, referenceCode = null } = model;
    const answer = storeDocument(state, { code, type, date, referenceCode }, lines, committed);
    if (model.type === 'SalesOrder') state.avatax.documents.delete(code);
    return answer;
  }
  return avataxError(404, 'NotFound', `No route ${method} ${path}`);
}

function storeDocument(
  state: FakeTaxServices,
  head: { code: string; type: string; date: string; referenceCode: string | null },
  lines: NonNullable<AvataxTransaction['lines']>,
  committed = true,
): Response {
  const document = avataxTransaction.parse({
    id: nextNumber(),
    ...head,
    status: committed ? 'Committed' : 'Saved',
    totalAmount: lines.reduce((total, line) => total + line.lineAmount, 0),
    totalTax: lines.reduce((total, line) => total + cents(line.tax), 0) / 100,
    totalExempt: lines.reduce((total, line) => total + line.exemptAmount, 0),
    lines,
  });
  state.avatax.documents.set(head.code, document);
  return Response.json(document);
}

/**
 * The tax AvaTax holds the shop liable for on a sale: its document's, plus the return documents
 * that name it (negative), as its liability reports add them up.
 */
export function avataxLiability(state: FakeTaxServices, code: string): number {
  const documents = [...state.avatax.documents.values()].filter(
    (document) => document.code === code || document.referenceCode === code,
  );
  return documents.reduce((total, document) => total + cents(document.totalTax), 0);
}

const avataxError = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });
