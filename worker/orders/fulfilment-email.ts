import { formatMoney } from '../../shared/money.ts';
import type { OrderRefund, OrderShipment, OrderView } from '../../shared/orders.ts';
import type { EmailMessage } from '../platform/email.ts';
import { composeEmail, type EmailLink } from '../platform/email-layout.ts';
import { signInvitation } from '../reviews/service.ts';
import type { ShopIdentity } from './email.ts';
import { spokenOrder } from './mail-language.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { currentLocale } from '../../shared/i18n/current.ts';
import { plainCount } from '../../shared/i18n/format.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import { inFrench } from '../platform/translate-message.ts';
import { refundReasonWords } from '../../shared/returns.ts';

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
      ? m.email_units({ quantity: line.quantity, title: ordered.title, partNumber: ordered.partNumber })
      : m.email_units_line({ quantity: line.quantity, lineNo: line.lineNo });
  });
}

/**
 * "Your order is on its way": what shipped, the carrier, the tracking number and its link. Each email
 * here is in the language being spoken when it is built (the order's: orderEmailContext's `speak`).
 */
export function orderShippedEmail(
  placed: OrderView,
  shipment: OrderShipment,
  shop: ShopIdentity,
  orderUrl: string,
): EmailMessage {
  const order = spokenOrder(placed);
  const all = order.status === 'SHIPPED';
  const named = { shopName: shop.name, orderId: order.orderId };
  const carrier = shipment.carrierName;
  const paragraphs = [
    all ? m.email_shipped_all(named) : m.email_shipped_part(named),
    ...unitsText(order, shipment.lines),
    m.email_shipped_carrier({ carrier, trackingNumber: shipment.trackingNumber }),
    ...(all ? [] : [m.email_shipped_rest()]),
  ];
  const links = [
    ...(shipment.trackingUrl ? [{ label: m.email_shipped_track_with({ carrier }), url: shipment.trackingUrl }] : []),
    { label: m.email_view_order(), url: orderUrl },
  ];
  return email('order-shipped', order.email, m.email_shipped_subject(named), paragraphs, links);
}

/**
 * The review invitation (§7 review invitation), once per order after its parts are delivered (issue
 * 36: not at shipping time, not once per parcel): one signed link per part to its product page,
 * where the review is marked a verified purchase. Null when none of the parts has a product page.
 */
export async function reviewInvitationEmail(
  placed: OrderView,
  shop: ShopIdentity,
  secret: string,
): Promise<EmailMessage | null> {
  const order = spokenOrder(placed);
  const locale = currentLocale();
  const byItem = [...new Map(order.lines.filter((line) => line.urlHandle).map((line) => [line.itemId, line])).values()];
  if (byItem.length === 0) return null;
  const links = await Promise.all(
    byItem.map(async (line) => {
      // The reviewer's address rides in the signed invitation, so a moderator's decision can reach them.
      const { token } = await signInvitation(line.itemId, secret, Date.now(), {
        email: order.email,
        market: order.market,
        locale,
      });
      const query = new URLSearchParams({ invitation: token });
      const path = localizePath(`/product/${line.urlHandle}?${query}`, locale);
      return { label: m.email_review_label({ title: line.title }), url: `${shop.origin}${path}#write-review` };
    }),
  );
  const named = { shopName: shop.name, orderId: order.orderId };
  const paragraphs = [m.email_review_thanks(named), m.email_review_ask()];
  return email('review-invitation', order.email, m.email_review_subject(named), paragraphs, links);
}

/**
 * A refund's reason in the email's language: a return's, and the spec's reasons the catalogue holds; staff's
 * own words as they wrote them.
 */
const reasonSpoken = (reason: string) => (currentLocale() === 'fr' ? inFrench(refundReasonWords(reason)) : reason);

/** "We have refunded ...": the amount, to the original payment, and what it was for. */
export function orderRefundedEmail(
  placed: OrderView,
  refund: OrderRefund,
  shop: ShopIdentity,
  orderUrl: string,
): EmailMessage {
  const order = spokenOrder(placed);
  const amount = formatMoney({ cent: refund.amount, currency: order.currency });
  const named = { shopName: shop.name, orderId: order.orderId };
  const taken = refund.pointsTaken;
  const paragraphs = [
    m.email_refunded_text({ ...named, amount }),
    m.email_refunded_days(),
    ...unitsText(order, refund.lines),
    ...(refund.shipping > 0 ? [m.email_refunded_shipping()] : []),
    ...(taken > 0 ? [m.email_refunded_points({ count: taken, shown: plainCount(taken) })] : []),
    m.email_reason({ reason: reasonSpoken(refund.reason) }),
  ];
  return email('order-refunded', order.email, m.email_refunded_subject(named), paragraphs, [
    { label: m.email_view_order(), url: orderUrl },
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
  const named = { shopName: shop.name, orderId: order.orderId };
  const paragraphs = [
    m.email_cancelled_text(named),
    refunded ? m.email_cancelled_refunded({ total }) : m.email_cancelled_nothing(),
    m.email_cancelled_questions(),
  ];
  return email('order-cancelled', order.email, m.email_cancelled_subject(named), paragraphs, [
    { label: m.email_view_order(), url: orderUrl },
  ]);
}
