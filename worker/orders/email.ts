import * as m from '../../shared/i18n/generated/messages.js';
import { formatDay } from '../../shared/i18n/format.ts';
import { currentLocale } from '../../shared/i18n/current.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import { formatMoney } from '../../shared/money.ts';
import { shippingOptionName } from '../../shared/shipping.ts';
import { localRate, taxName } from '../../shared/tax-words.ts';
import type { OrderView } from '../../shared/orders.ts';
import { titlesInFrench } from '../catalog/service.ts';
import { outboxSender, type EmailMessage, type EmailSender } from '../platform/email.ts';
import { guestOrderToken } from './access.ts';
import { orderRepository } from './repository.ts';

/**
 * The order confirmation email (issue 8): what was bought, every discount with its reason,
 * shipping, each tax line and the total, and a link to the order: a guest's carries their
 * order-access token (the order number and email alone open nothing), a member's leads to their
 * order history, where they sign in.
 */

export type OrderEmailMessage = EmailMessage & { kind: 'order-confirmation' };

/** Anything that sends mail: the outbox locally, Cloudflare's binding in production. */
export type OrderMailer = EmailSender;

export interface ShopIdentity {
  name: string;
  /** The shop's origin for the order's market, e.g. https://ca.example.com; links start with it. */
  origin: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
 * The money rows under the lines, in the order a receipt reads: label, reason, signed amount. The parts' discounts
 * follow the subtotal they come off, a free-shipping discount the shipping it discounts.
 */
export function orderTotals(order: OrderView): { label: string; reason: string | null; cent: number; total?: true }[] {
  // Points are their own row below, from the order's own fields.
  const discounts = order.adjustments.filter((adjustment) => adjustment.kind !== 'POINTS');
  const rows = (kept: typeof discounts) =>
    kept.map((adjustment) => ({ label: adjustment.name, reason: adjustment.reason, cent: -adjustment.amount }));
  return [
    { label: m.subtotal(), reason: null, cent: order.subtotal },
    ...rows(discounts.filter((adjustment) => adjustment.kind !== 'FREE_SHIPPING')),
    {
      label: `${m.shipping()}${order.shippingName ? ` (${shippingOptionName(order.shippingName)})` : ''}`,
      reason: null,
      cent: order.shipping,
    },
    ...rows(discounts.filter((adjustment) => adjustment.kind === 'FREE_SHIPPING')),
    ...order.taxes.map((tax) => ({
      label: `${taxName(tax.name)} (${localRate(tax.rateLabel)})`,
      reason: null,
      cent: tax.amount,
    })),
    ...(order.points > 0
      ? [{ label: m.points(), reason: m.email_order_points_redeemed({ count: order.pointsUsed }), cent: -order.points }]
      : []),
    { label: m.total(), reason: null, cent: order.total, total: true as const },
  ];
}

/** Builds the confirmation email of a paid order, in the shop's name, linking to `url` (orderLinkUrl). */
export function orderConfirmationEmail(order: OrderView, shop: ShopIdentity, url: string): OrderEmailMessage {
  const money = (cent: number) => formatMoney({ cent, currency: order.currency });
  const intro = [
    m.email_order_thanks({ shopName: shop.name }),
    m.email_order_confirmed({ orderId: order.orderId, date: formatDay(order.createdAt) }),
  ];
  const lines = order.lines.map((line) => ({
    text: `${line.quantity} x ${line.title} (${line.partNumber})`,
    unit: money(line.unitPrice),
    total: money(line.total),
  }));
  const totals = orderTotals(order).map((row) => ({
    ...row,
    text: `${row.label}${row.reason ? ` - ${row.reason}` : ''}`,
    amount: money(row.cent),
  }));
  const text = [
    ...intro,
    '',
    ...lines.map((line) => m.email_order_line({ line: line.text, unit: line.unit, total: line.total })),
    '',
    ...totals.map((row) => m.email_order_row({ label: row.text, amount: row.amount })),
    '',
    m.email_order_track_line({ url }),
  ].join('\n');
  const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb';
  const td = (text: string, style = '', attributes = '') =>
    `<td${attributes} style="${cell}${style}">${escape(text)}</td>`;
  const right = ';text-align:right';
  const lineRows = lines.map((line) => `<tr>${td(line.text)}${td(line.unit, right)}${td(line.total, right)}</tr>`);
  const totalRows = totals.map((row) => {
    const bold = row.total ? ';font-weight:700' : '';
    return `<tr>${td(row.text, bold, ' colspan="2"')}${td(row.amount, `${right}${bold}`)}</tr>`;
  });
  const lang = currentLocale() === 'fr' ? 'fr-CA' : 'en';
  const button = 'background:#c62828;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none';
  const html =
    `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    intro.map((line) => `<p>${escape(line)}</p>`).join('') +
    '<table style="border-collapse:collapse;width:100%;max-width:640px">' +
    `${lineRows.join('')}${totalRows.join('')}</table>` +
    `<p><a href="${escape(url)}" style="${button}">${escape(m.email_order_track())}</a></p>` +
    `<p style="font-size:12px;color:#6b7280">${escape(url)}</p></body></html>`;
  return {
    kind: 'order-confirmation',
    to: order.email,
    subject: m.email_order_subject({ orderId: order.orderId }),
    text,
    html,
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
  const row = await orderRepository(db).byId(order.orderId);
  const token = await guestOrderToken(db, { orderId: order.orderId, accountId: row?.accountId ?? null }, Date.now());
  // A French order's email names its parts as the French pages do.
  const shown = currentLocale() === 'fr' ? (titlesInFrench(order) as OrderView) : order;
  await mailer.send(orderConfirmationEmail(shown, shop, orderLinkUrl(shop.origin, order.orderId, token)));
}
