import { layoutEmail } from '../platform/email-layout.ts';
import { inFrench } from '../platform/translate-message.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { currentLocale } from '../../shared/i18n/current.ts';

/**
 * The emails a shopper gets when the shop decides on their return (issue 20): approved (how to
 * send the parts back), rejected (why), more evidence needed (what), received, refunded (how much,
 * any restocking fee). Each has a link to the return's page on the market's configured origin, and
 * is in the language being spoken when it is built (the order's: tellShopperAboutReturn speaks it).
 */

/** The return and who to tell: its number, its order, the shopper's email, the shop's name and the page's link. */
export interface DecidedReturn {
  rma: string;
  orderId: string;
  email: string;
  shopName: string;
  url: string;
}

type DecisionKind =
  | 'return-approved'
  | 'return-rejected'
  | 'return-evidence-needed'
  | 'return-received'
  | 'return-refunded';

const message = (kind: DecisionKind, to: DecidedReturn, subject: string, paragraphs: string[], button: string) =>
  layoutEmail(kind, to.email, subject, paragraphs, { label: button, url: to.url });

/** The return's number, its order and the shop, as the emails' sentences name them. */
const named = (to: DecidedReturn) => ({ shopName: to.shopName, rma: to.rma, orderId: to.orderId });

/** A reason or a note staff wrote, in the email's language where the catalogue holds it. */
const staffWords = (text: string) => (currentLocale() === 'fr' ? inFrench(text) : text);

/** Approved: how to send the parts back (instructions and/or a prepaid label's number), quoting the RMA. */
export function returnApprovedEmail(
  to: DecidedReturn,
  how: { instructions: string | null; labelNumber: string | null },
) {
  return message(
    'return-approved',
    to,
    m.email_return_approved_subject(named(to)),
    [
      m.email_return_approved_text(named(to)),
      ...(how.instructions ? [m.email_return_approved_how({ instructions: staffWords(how.instructions) })] : []),
      ...(how.labelNumber ? [m.email_return_approved_label({ labelNumber: how.labelNumber })] : []),
      m.email_return_approved_quote(named(to)),
    ],
    m.email_return_see(),
  );
}

/** Rejected, with the reason. */
export function returnRejectedEmail(to: DecidedReturn, reason: string) {
  return message(
    'return-rejected',
    to,
    m.email_return_rejected_subject(named(to)),
    [
      m.email_return_rejected_text(named(to)),
      m.email_reason({ reason: staffWords(reason) }),
      m.email_return_rejected_questions(),
    ],
    m.email_return_see(),
  );
}

/** More evidence needed: what is missing, and where to add it. */
export function returnEvidenceNeededEmail(to: DecidedReturn, missing: string) {
  return message(
    'return-evidence-needed',
    to,
    m.email_return_evidence_subject(named(to)),
    [
      m.email_return_evidence_text(named(to)),
      m.email_return_evidence_what({ missing: staffWords(missing) }),
      m.email_return_evidence_add(),
    ],
    m.email_return_evidence_label(),
  );
}

/** The parts arrived at the shop. */
export function returnReceivedEmail(to: DecidedReturn, note: string | null) {
  return message(
    'return-received',
    to,
    m.email_return_received_subject(named(to)),
    [m.email_return_received_text(named(to)), ...(note ? [staffWords(note)] : []), m.email_return_received_next()],
    m.email_return_see(),
  );
}

/** Refunded: the amount, the restocking fee kept (when any), to the original payment method. */
export function returnRefundedEmail(to: DecidedReturn, money: { amount: string; fee: string | null }) {
  return message(
    'return-refunded',
    to,
    m.email_return_refunded_subject(named(to)),
    [
      m.email_return_refunded_text({ ...named(to), amount: money.amount }),
      ...(money.fee ? [m.email_return_refunded_fee({ fee: money.fee })] : []),
      m.email_return_refunded_bank(),
    ],
    m.email_return_see(),
  );
}
