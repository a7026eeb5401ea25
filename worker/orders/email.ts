import * as m from '../../shared/i18n/generated/messages.js';
import { formatDay } from '../../shared/i18n/format.ts';
import { currentLocale } from '../../shared/i18n/current.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import { formatMoney } from '../../shared/money.ts';
import type { OrderView } from '../../shared/orders.ts';
import { titlesInFrench } from '../catalog/service.ts';
import { orderReceipt, receiptRows } from '../../shared/receipt.ts';
import { prop65Text } from '../../shared/regulated-parts.ts';
import { exemptionMention, type OrderExemption } from '../../shared/tax-exemptions.ts';
import { orderExemption } from '../tax/service.ts';
import { outboxSender, type EmailMessage, type EmailSender } from '../platform/email.ts';
import { composeEmail, type EmailRow } from '../platform/email-layout.ts';
import { guestOrderToken } from './access.ts';
import { orderRepository } from './repository.ts';

/**
 * The order confirmation email (issue 8): what was bought (and the exemption certificate it was
 * sold tax exempt under, if any), then its receipt (shared/receipt.ts: every discount with its
 * reason, shipping, each tax line and the total), and a link to the
 * order: a guest's carries their order-access token (the order number and email alone open
 * nothing), a member's leads to their order history, where they sign in.
 */

export type OrderEmailMessage = EmailMessage & { kind: 'order-confirmation' };

/** Anything that sends mail: the outbox locally, Cloudflare's binding in production. */
export type OrderMailer = EmailSender;

export interface ShopIdentity {
  name: string;
  /** The shop's origin for the order's market, e.g. https://ca.example.com; links start with it. */
  origin: string;
}

/**
 * The email's link to the order: tracking with the guest's token, or the member's order detail; a
 * French order's email links to the French page (the language being spoken when it is built).
 */
export function orderLinkUrl(origin: string, orderId: string, guestToken: string | null): string {
  const path =
    guestToken === null
      ? `/myAccount/orderHistory/orderDetail?${new URLSearchParams({ orderId })}`
      : `/order/track?${new URLSearchParams({ orderNo: orderId, token: guestToken })}`;
  return `${origin}${localizePath(path, currentLocale())}`;
}

/**
 * Builds the confirmation email of a paid order, in the shop's name, linking to `url` (orderLinkUrl);
 * an order sold tax exempt names the certificate it was sold under.
 */
export function orderConfirmationEmail(
  order: OrderView,
  shop: ShopIdentity,
  url: string,
  exemption: OrderExemption | null = null,
): OrderEmailMessage {
  const money = (cent: number) => formatMoney({ cent, currency: order.currency });
  const intro = [
    m.email_order_thanks({ shopName: shop.name }),
    m.email_order_confirmed({ orderId: order.orderId, date: formatDay(order.createdAt) }),
    ...(exemption ? [exemptionMention(exemption)] : []),
  ];
  const lines = order.lines.flatMap((line): EmailRow[] => {
    const text = `${line.quantity} x ${line.title} (${line.partNumber})`;
    const [unit, total] = [money(line.unitPrice), money(line.total)];
    const row: EmailRow = {
      cells: [{ text }, { text: unit, align: 'right' }, { text: total, align: 'right' }],
      text: m.email_order_line({ line: text, unit, total }),
    };
    // The Prop 65 warning a Californian was shown for the part, kept under its line (issue 40).
    const warning = line.prop65 ? prop65Text(line.prop65) : null;
    return warning ? [row, { cells: [{ text: warning, span: 3 }], text: warning }] : [row];
  });
  const totals = receiptRows(orderReceipt(order)).map((row): EmailRow => {
    const [text, amount, bold] = [
      `${row.label}${row.detail ? ` - ${row.detail}` : ''}`,
      money(row.amount),
      row.kind === 'total',
    ];
    return {
      cells: [
        { text, span: 2, bold },
        { text: amount, align: 'right', bold },
      ],
      text: m.email_order_row({ label: text, amount }),
    };
  });
  const content = {
    paragraphs: intro,
    table: [lines, totals],
    links: [{ label: m.email_order_track(), url, printed: true }],
  };
  return {
    ...composeEmail('order-confirmation', order.email, m.email_order_subject({ orderId: order.orderId }), content),
    kind: 'order-confirmation',
  };
}

/**
 * Sends the confirmation of a paid order: into the D1 outbox (listed at /dev/outbox) unless a
 * production mailer is given. The placement flow calls it once, when the order is paid.
 */
export async function queueOrderConfirmation(
  db: D1Database,
  order: OrderView,
  shop: ShopIdentity,
  mailer: OrderMailer = outboxSender(db),
): Promise<void> {
  const [row, exemption] = await Promise.all([
    orderRepository(db).byId(order.orderId),
    orderExemption(db, order.orderId),
  ]);
  const token = await guestOrderToken(db, { orderId: order.orderId, accountId: row?.accountId ?? null }, Date.now());
  // A French order's email names its parts as the French pages do.
  const shown = currentLocale() === 'fr' ? (titlesInFrench(order) as OrderView) : order;
  const url = orderLinkUrl(shop.origin, order.orderId, token);
  await mailer.send(orderConfirmationEmail(shown, shop, url, exemption));
}
