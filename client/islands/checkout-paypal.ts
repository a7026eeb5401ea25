import { useRef } from 'react';
import { api } from '../api.ts';
import { captureApproved, PaypalRefused, paypalOrderFor, resultPage } from '../state/paypal-pay.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/** An order checkout placed: its id, a guest's order token, and whether it still awaits payment. */
export interface Placed {
  orderId: string;
  orderToken: string | undefined;
  pending: boolean;
}

/**
 * Checkout's handlers for PayPal's buttons (issue 38). The click places the order (once: a second click
 * continues the same order and PayPal's) and answers PayPal's order id; approval captures it on the
 * server and opens the result page. A close or an error leaves the order payable from its result page,
 * as PayPal's approval page does.
 */
export function usePaypalCheckout(options: {
  place(): Promise<Placed | null>;
  method: string;
  onRefused(message: string): void;
}) {
  const placed = useRef<Placed | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const leave = () => {
    if (placed.current) location.assign(resultPage(placed.current.orderId));
  };
  return {
    createOrder: async (): Promise<string> => {
      const order = placed.current ?? (await latest.current.place());
      if (!order) throw new PaypalRefused('not placed');
      placed.current = order;
      if (!order.pending) {
        leave();
        throw new PaypalRefused('nothing to pay');
      }
      try {
        return await paypalOrderFor(api, order.orderId, latest.current.method, order.orderToken);
      } catch (failure) {
        latest.current.onRefused(failure instanceof PaypalRefused ? failure.message : m.something_wrong());
        throw failure;
      }
    },
    onApprove: async () => {
      const order = placed.current;
      if (!order) return;
      await captureApproved(api, order.orderId, order.orderToken);
      leave();
    },
    onCancel: leave,
    onError: () => {
      // A refusal already said why; anything else is the spec's general message. The order stays payable.
      if (placed.current) leave();
    },
  };
}
