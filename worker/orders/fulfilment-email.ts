import { formatMoney } from '../../shared/money.ts';
import type { OrderRefund, OrderShipment, OrderView } from '../../shared/orders.ts';
import type { EmailMessage } from '../platform/email.ts';
import { composeEmail, type EmailLink } from '../platform/email-layout.ts';
import { signInvitation } from '../reviews/service.ts';
import type { ShopIdentity } from './email.ts';

/**
 * The emails of an order after it is paid (issue 19): shipped (with the carrier's tracking link),
 * the review invitation once it is delivered, refunded, cancelled by the shop. Every link starts with
 * the market's configured origin, never a request's Host.
 */

/** A plain email: paragraphs, then its links as buttons (platform/email-layout.ts). */
const email = (
  kind: EmailMessage['kind'],
  to: string,
  subject: string,
  paragraphs: string[],
  links: EmailLink[],
): EmailMessage => composeEmail(kind, to, subject, { paragraphs, links });

/** "2 x Brake Pad Set (PN-1)" for each line of a shipment or refund. */
function unitsText(order: OrderView, lines: { lineNo: number; quantity: number }[]): string[] {
  return lines.map((line) => {
    const ordered = order.lines.find((candidate) => candidate.lineNo === line.lineNo);
    return ordered
      ? `${line.quantity} x ${ordered.title} (${ordered.partNumber})`
      : `${line.quantity} x line ${line.lineNo}`;
  });
}

/** "Your order is on its way": what shipped, the carrier, the tracking number and its link. */
export function orderShippedEmail(
  order: OrderView,
  shipment: OrderShipment,
  shop: ShopIdentity,
  orderUrl: string,
): EmailMessage {
  const all = order.status === 'SHIPPED';
  const paragraphs = [
    `Good news from ${shop.name}: ${all ? 'your order' : 'part of your order'} ${order.orderId} is on its way.`,
    ...unitsText(order, shipment.lines),
    `Carrier: ${shipment.carrierName}. Tracking number: ${shipment.trackingNumber}.`,
    ...(all ? [] : ['We will email you again when the rest of your order ships.']),
  ];
  const links = [
    ...(shipment.trackingUrl ? [{ label: `Track with ${shipment.carrierName}`, url: shipment.trackingUrl }] : []),
    { label: 'View your order', url: orderUrl },
  ];
  return email('order-shipped', order.email, `Your order ${order.orderId} has shipped`, paragraphs, links);
}

/**
 * The review invitation (§7 review invitation), once per order after its parts are delivered (issue
 * 36: not at shipping time, not once per parcel): one signed link per part to its product page,
 * where the review is marked a verified purchase. Null when none of the parts has a product page.
 */
export async function reviewInvitationEmail(
  order: OrderView,
  shop: ShopIdentity,
  secret: string,
): Promise<EmailMessage | null> {
  const byItem = [...new Map(order.lines.filter((line) => line.urlHandle).map((line) => [line.itemId, line])).values()];
  if (byItem.length === 0) return null;
  const links = await Promise.all(
    byItem.map(async (line) => {
      // The reviewer's address rides in the signed invitation, so a moderator's decision can reach them.
      const { token } = await signInvitation(line.itemId, secret, Date.now(), {
        email: order.email,
        market: order.market,
      });
      const query = new URLSearchParams({ invitation: token });
      return { label: `Review ${line.title}`, url: `${shop.origin}/product/${line.urlHandle}?${query}#write-review` };
    }),
  );
  const paragraphs = [
    `Thank you for shopping at ${shop.name}. Your parts from order ${order.orderId} have arrived.`,
    'Once they are fitted, tell other drivers how they did: your review will show as a verified purchase.',
  ];
  return email('review-invitation', order.email, `How are the parts from order ${order.orderId}?`, paragraphs, links);
}

/** "We have refunded ...": the amount, to the original payment, and what it was for. */
export function orderRefundedEmail(
  order: OrderView,
  refund: OrderRefund,
  shop: ShopIdentity,
  orderUrl: string,
): EmailMessage {
  const amount = formatMoney({ cent: refund.amount, currency: order.currency });
  const paragraphs = [
    `${shop.name} has refunded ${amount} for order ${order.orderId} to your original payment method.`,
    'It can take 5 to 10 business days to show on your statement.',
    ...unitsText(order, refund.lines),
    ...(refund.shipping > 0 ? ['The refund includes the shipping.'] : []),
    ...(refund.pointsTaken > 0 ? [`${refund.pointsTaken} points earned on the refunded value were taken back.`] : []),
    `Reason: ${refund.reason}`,
  ];
  return email('order-refunded', order.email, `Refund for your order ${order.orderId}`, paragraphs, [
    { label: 'View your order', url: orderUrl },
  ]);
}

/** "Your order was cancelled": by the shop, before it shipped, and whether the payment was refunded. */
export function orderCancelledEmail(
  order: OrderView,
  shop: ShopIdentity,
  refunded: boolean,
  orderUrl: string,
): EmailMessage {
  const total = formatMoney({ cent: order.total, currency: order.currency });
  const paragraphs = [
    `We are sorry: ${shop.name} has cancelled your order ${order.orderId} before it shipped.`,
    refunded
      ? `The ${total} you paid has been refunded to your original payment method.`
      : 'Nothing was charged for it.',
    'If you have any questions, reply to this email or contact our customer service.',
  ];
  return email('order-cancelled', order.email, `Your order ${order.orderId} was cancelled`, paragraphs, [
    { label: 'View your order', url: orderUrl },
  ]);
}
