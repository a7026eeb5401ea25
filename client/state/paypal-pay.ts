import type { ApiClient } from '../../shared/api-client.ts';
import { API } from '../../shared/api-routes.ts';

/**
 * Paying a placed order with PayPal's own buttons (issue 38): the shop starts the order's PayPal payment on
 * its server and hands the buttons PayPal's order id; after the shopper approves in PayPal's window, the
 * shop captures it on its server, once.
 */

/** The shopper's own words for why PayPal could not start (a decline, PayPal unreachable). */
export class PaypalRefused extends Error {}

/** The order's result page, where a paid order is confirmed and an unpaid one can be paid again. */
export const resultPage = (orderId: string) => `/checkout/orderResult?orderId=${encodeURIComponent(orderId)}`;

/** PayPal's order id for the shop's order (a payment already under way with PayPal is continued, not doubled). */
export async function paypalOrderFor(
  api: Pick<ApiClient, 'call'>,
  orderId: string,
  method: string,
  orderToken: string | undefined,
): Promise<string> {
  const answer = await api.call(API.pay, { orderId, paymentType: method, orderToken });
  if (answer.kind === 'RequiresAction' && answer.providerRef) return answer.providerRef;
  throw new PaypalRefused(answer.message ?? 'Your payment did not go through.');
}

/** The shopper approved in PayPal's window: the shop captures the payment (a retry answers the same capture). */
export async function captureApproved(
  api: Pick<ApiClient, 'call'>,
  orderId: string,
  orderToken: string | undefined,
): Promise<void> {
  // The result page reads the order either way; a capture the network lost is settled by PayPal's webhook.
  await api.call(API.payReturn, { orderId, orderToken }).catch(() => null);
}
