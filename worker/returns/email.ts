import type { EmailMessage } from '../platform/email.ts';
import { layoutEmail } from '../platform/email-layout.ts';

/**
 * The email a shopper gets when they ask for a return (issue 20): its RMA number, the units, what
 * happens next and a link to the return's page on the market's configured origin.
 */

export interface RequestedReturn {
  rma: string;
  orderId: string;
  reason: string;
  email: string;
  units: string[];
}

/** "We have your return request": the number to quote, the parts, the next steps and the status link. */
export function returnRequestedEmail(request: RequestedReturn, shopName: string, url: string): EmailMessage {
  const paragraphs = [
    `${shopName} has received your return request ${request.rma} for order ${request.orderId}.`,
    ...request.units,
    `Reason: ${request.reason}`,
    'What happens next: our team checks the photos and details you sent. ' +
      'We will email you when the return is approved, with how to send the parts back, or if we need more from you.',
    'Please do not send the parts before the return is approved, and quote your return number on the package.',
  ];
  return layoutEmail('return-requested', request.email, `Your return request ${request.rma}`, paragraphs, {
    label: 'See your return',
    url,
  });
}

/** "Start your return": the link to the return form, asked for from the tracking page, sent to the order's address. */
export function returnLinkEmail(
  order: { orderId: string; email: string },
  shopName: string,
  url: string,
): EmailMessage {
  const paragraphs = [
    `You asked ${shopName} to start a return for order ${order.orderId}.`,
    'Open the link below to choose the parts, tell us why and add photos. The link works for this order only.',
    'If you did not ask for this, you can ignore this email.',
  ];
  return layoutEmail('return-link', order.email, `Start your return for order ${order.orderId}`, paragraphs, {
    label: 'Start your return',
    url,
  });
}
