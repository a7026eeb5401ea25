import { layoutEmail } from '../platform/email-layout.ts';

/**
 * The emails a shopper gets when the shop decides on their return (issue 20): approved (how to
 * send the parts back), rejected (why), more evidence needed (what), received, refunded (how much,
 * any restocking fee). Each has a link to the return's page on the market's configured origin.
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

/** Approved: how to send the parts back (instructions and/or a prepaid label's number), quoting the RMA. */
export function returnApprovedEmail(
  to: DecidedReturn,
  how: { instructions: string | null; labelNumber: string | null },
) {
  return message(
    'return-approved',
    to,
    `Your return ${to.rma} is approved`,
    [
      `${to.shopName} has approved your return ${to.rma} for order ${to.orderId}.`,
      ...(how.instructions ? [`How to send the parts back: ${how.instructions}`] : []),
      ...(how.labelNumber ? [`Your prepaid return label number: ${how.labelNumber}`] : []),
      `Please quote your return number ${to.rma} on the package. ` +
        'We will email you when the parts arrive, and again when your refund is on its way.',
    ],
    'See your return',
  );
}

/** Rejected, with the reason. */
export function returnRejectedEmail(to: DecidedReturn, reason: string) {
  return message(
    'return-rejected',
    to,
    `Your return ${to.rma} was not accepted`,
    [
      `${to.shopName} could not accept your return ${to.rma} for order ${to.orderId}.`,
      `Reason: ${reason}`,
      'If you have questions, reply to this email or contact us with your return number.',
    ],
    'See your return',
  );
}

/** More evidence needed: what is missing, and where to add it. */
export function returnEvidenceNeededEmail(to: DecidedReturn, missing: string) {
  return message(
    'return-evidence-needed',
    to,
    `We need more from you for your return ${to.rma}`,
    [
      `${to.shopName} needs more evidence to decide on your return ${to.rma} for order ${to.orderId}.`,
      `What we need: ${missing}`,
      "Please add photos on your return's page; we will look at your return again once they arrive.",
    ],
    'Add photos',
  );
}

/** The parts arrived at the shop. */
export function returnReceivedEmail(to: DecidedReturn, note: string | null) {
  return message(
    'return-received',
    to,
    `We received your return ${to.rma}`,
    [
      `${to.shopName} has received the parts of your return ${to.rma} for order ${to.orderId}.`,
      ...(note ? [note] : []),
      'We will email you again when your refund is on its way.',
    ],
    'See your return',
  );
}

/** Refunded: the amount, the restocking fee kept (when any), to the original payment method. */
export function returnRefundedEmail(to: DecidedReturn, money: { amount: string; fee: string | null }) {
  return message(
    'return-refunded',
    to,
    `Your return ${to.rma} is refunded`,
    [
      `${to.shopName} has refunded ${money.amount} for your return ${to.rma} (order ${to.orderId}) ` +
        'to your original payment method.',
      ...(money.fee ? [`A restocking fee of ${money.fee} was kept.`] : []),
      'Depending on your bank, the money can take a few business days to appear.',
    ],
    'See your return',
  );
}
