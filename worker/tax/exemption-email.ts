import * as m from '../../shared/i18n/generated/messages.js';
import { formatDay } from '../../shared/i18n/format.ts';
import { exemptionKindWords, exemptionRegionName } from '../../shared/tax-exemptions.ts';
import { CA_PROVINCES, regionName } from '../../shared/regions.ts';
import type { EmailMessage } from '../platform/email.ts';
import { layoutEmail } from '../platform/email-layout.ts';
import type { ExemptionCertificate } from './exemption-records.ts';

/**
 * The email a member gets once staff decide on their exemption certificate (issue 39 item 3), in
 * the language being spoken (the caller chooses it): approved, with the states or provinces it
 * covers and its last day; rejected, with the reason and how to send it again. Its link is to the
 * member's tax exemption page on the market's configured origin (`pageUrl`).
 */

export type ExemptionEmailMessage = EmailMessage & { kind: 'tax-exemption-approved' | 'tax-exemption-rejected' };

/** A region key's name in the language spoken ('CA-BC' reads "Colombie-Britannique" in French). */
function placeName(key: string): string {
  const [country, code] = key.split('-');
  const province = country === 'CA' ? CA_PROVINCES.find((one) => one.code === code) : undefined;
  return province ? regionName(province) : exemptionRegionName(key);
}

/** The email of a decided certificate; null while it still waits. */
export function exemptionDecisionEmail(
  certificate: ExemptionCertificate,
  shopName: string,
  pageUrl: string,
): ExemptionEmailMessage | null {
  const words = { kind: exemptionKindWords(certificate.kind), certificate: certificate.number };
  if (certificate.status === 'APPROVED') {
    const places = certificate.regions.map(placeName).join(', ');
    const lines = [
      m.email_exemption_approved_intro({ ...words, shopName }),
      `${m.email_exemption_covers({ places })} ${
        certificate.market === 'ca' ? m.email_exemption_no_pst() : m.email_exemption_no_sales_tax()
      }`,
      m.email_exemption_expiry({ date: formatDay(Date.parse(certificate.expiresOn ?? ''), 'long') }),
    ];
    const subject = m.email_exemption_approved_subject(words);
    const link = { label: m.email_exemption_approved_link(), url: pageUrl };
    return {
      ...layoutEmail('tax-exemption-approved', certificate.email, subject, lines, link),
      kind: 'tax-exemption-approved',
    };
  }
  if (certificate.status === 'REJECTED') {
    const lines = [
      m.email_exemption_rejected_intro({ ...words, shopName }),
      m.email_exemption_rejected_reason({ reason: certificate.reason ?? '' }),
      m.email_exemption_rejected_again(),
    ];
    const subject = m.email_exemption_rejected_subject(words);
    const link = { label: m.email_exemption_rejected_link(), url: pageUrl };
    return {
      ...layoutEmail('tax-exemption-rejected', certificate.email, subject, lines, link),
      kind: 'tax-exemption-rejected',
    };
  }
  return null;
}
