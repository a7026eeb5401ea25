import type { EmailMessage } from '../platform/email.ts';
import { layoutEmail } from '../platform/email-layout.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { reasonWords } from '../../shared/returns.ts';

/**
 * The email a shopper gets when they ask for a return (issue 20): its RMA number, the units, what
 * happens next and a link to the return's page on the market's configured origin. Both emails here
 * are in the language being spoken when they are built (the order's: orderMailIdentity's `speak`).
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
    m.email_return_requested_text({ shopName, rma: request.rma, orderId: request.orderId }),
    ...request.units,
    m.email_reason({ reason: reasonWords(request.reason) }),
    m.email_return_requested_next(),
    m.email_return_requested_wait(),
  ];
  const subject = m.email_return_requested_subject({ rma: request.rma });
  return layoutEmail('return-requested', request.email, subject, paragraphs, { label: m.email_return_see(), url });
}

/** "Start your return": the link to the return form, asked for from the tracking page, sent to the order's address. */
export function returnLinkEmail(
  order: { orderId: string; email: string },
  shopName: string,
  url: string,
): EmailMessage {
  const paragraphs = [
    m.email_return_link_text({ shopName, orderId: order.orderId }),
    m.email_return_link_open(),
    m.email_return_link_ignore(),
  ];
  return layoutEmail('return-link', order.email, m.email_return_link_subject({ orderId: order.orderId }), paragraphs, {
    label: m.email_return_link_label(),
    url,
  });
}
