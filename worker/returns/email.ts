import type { EmailMessage } from '../platform/email.ts';

/**
 * The email a shopper gets when they ask for a return (issue 20): its RMA number, the units, what
 * happens next and a link to the return's page on the market's configured origin.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
  const text = [...paragraphs, '', `See your return: ${url}`].join('\n');
  const button = 'background:#c62828;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none';
  const html =
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">' +
    paragraphs.map((line) => `<p>${escape(line)}</p>`).join('') +
    `<p><a href="${escape(url)}" style="${button}">See your return</a></p>` +
    `<p style="font-size:12px;color:#6b7280">${escape(url)}</p></body></html>`;
  return {
    kind: 'return-requested',
    to: request.email,
    subject: `Your return request ${request.rma}`,
    text,
    html,
  };
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
  const text = [...paragraphs, '', `Start your return: ${url}`].join('\n');
  const button = 'background:#c62828;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none';
  const html =
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">' +
    paragraphs.map((line) => `<p>${escape(line)}</p>`).join('') +
    `<p><a href="${escape(url)}" style="${button}">Start your return</a></p>` +
    `<p style="font-size:12px;color:#6b7280">${escape(url)}</p></body></html>`;
  return {
    kind: 'return-link',
    to: order.email,
    subject: `Start your return for order ${order.orderId}`,
    text,
    html,
  };
}
