import type { MarketId } from '../../shared/markets.ts';
import { EXEMPTION_NOTE, exemptionDay, exemptionRegionKey } from '../../shared/tax-exemptions.ts';
import { regionName, TAX_NOTE } from '../../shared/tax-registrations.ts';
import type { ApplicableCertificate } from './exemption-records.ts';
import { exemptionRepository } from './exemption-repository.ts';
import type { LineTax, TaxCalculation, TaxRequest } from './model.ts';

/**
 * An exempt buyer's checkout (issue 39 item 3): the member's approved certificate that covers the
 * ship-to state on the day (an expired one no longer does). In the US the tax service is told of it
 * and records the sale as exempt; in Canada a certificate exempts the provincial sales tax only, so
 * the service figures GST or HST as for anyone and the shop takes the PST off, recorded as exempt.
 */

/**
 * The member's certificate that applies to an order shipped to the region now, if any (a visitor
 * has none): unexpired on the region's own calendar (its last day lasts until midnight there).
 */
export async function certificateFor(
  db: D1Database,
  accountId: number | null,
  market: MarketId,
  region: string,
  now: number,
): Promise<ApplicableCertificate | null> {
  if (accountId === null) return null;
  const key = exemptionRegionKey(market, region);
  return exemptionRepository(db).applicable(accountId, key, exemptionDay(key, now));
}

/** What the tax service is told of the certificate: in the US, that the sale is exempt. */
export function serviceExemption(market: MarketId, certificate: ApplicableCertificate | null): TaxRequest['exemption'] {
  return market === 'us' && certificate ? { number: certificate.number, kind: certificate.kind } : null;
}

/** A Canadian line's PST made exempt: no tax, its base recorded as exempt in the province. */
function pstExempt(line: LineTax): { line: LineTax; exempt: boolean } {
  if (!line.details.some((detail) => detail.taxName === 'PST' && detail.taxCent > 0)) return { line, exempt: false };
  const details = line.details.map((detail) =>
    detail.taxName === 'PST' ? { ...detail, taxableCent: 0, taxCent: 0, exemptCent: detail.taxableCent } : detail,
  );
  const taxCent = details.reduce((sum, detail) => sum + detail.taxCent, 0);
  return { line: { ...line, details, taxCent }, exempt: true };
}

/**
 * The calculation with the certificate applied, the certificate the order records and the note
 * checkout shows; the calculation as it was where none applies.
 */
export function applyCertificate(
  calculation: TaxCalculation,
  market: MarketId,
  region: string,
  certificate: ApplicableCertificate | null,
): { calculation: TaxCalculation; certificateId: number | null; note: string | null } {
  if (!certificate) return { calculation, certificateId: null, note: null };
  const place = regionName(market, region);
  if (market === 'us')
    return { calculation, certificateId: certificate.id, note: TAX_NOTE.exempt(place, certificate.number) };
  let exemptCent = 0;
  const strip = (line: LineTax) => {
    const stripped = pstExempt(line);
    if (stripped.exempt) exemptCent += line.amountCent;
    return stripped.line;
  };
  const applied = { ...calculation, lines: calculation.lines.map(strip), shipping: strip(calculation.shipping) };
  // Nothing of the PST was charged here (the shop does not collect it, or nothing was taxable): no exemption to record.
  if (exemptCent === 0) return { calculation, certificateId: null, note: null };
  return {
    calculation: { ...applied, exemptCent: calculation.exemptCent + exemptCent },
    certificateId: certificate.id,
    note: EXEMPTION_NOTE.provincial(place, certificate.number),
  };
}
