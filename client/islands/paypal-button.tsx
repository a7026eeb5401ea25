import { useEffect, useRef, useState } from 'react';
import { PAYPAL_FUNDING } from '../../shared/browser-pay.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { loadPaypal } from '../payments/paypal-browser.ts';

/**
 * PayPal's own button for PayPal or Pay Later (issue 38), in place of Place order / Pay now: a click
 * runs `createOrder` (the shop's order and PayPal's, on the server), PayPal's window takes the
 * shopper's approval, then `onApprove` captures on the server. Where the SDK cannot load or PayPal
 * says the offer is not eligible, `onUnavailable` lets the page pay the way it did without it
 * (PayPal's approval page).
 */
export interface PaypalButtonProps {
  clientId: string;
  currency: string;
  /** PAYPAL or PAY_LATER. */
  method: string;
  createOrder(): Promise<string>;
  onApprove(data: { orderID: string }): Promise<void>;
  onCancel(): void;
  onError(error: unknown): void;
  onUnavailable(): void;
}

export function PaypalButton(props: PaypalButtonProps) {
  const host = useRef<HTMLDivElement>(null);
  // The handlers PayPal calls read the page's state at the click, not at the render.
  const latest = useRef(props);
  latest.current = props;
  const [ready, setReady] = useState(false);
  const { clientId, currency, method } = props;
  useEffect(() => {
    let current = true;
    const node = host.current;
    const fundingSource = PAYPAL_FUNDING[method] ?? 'paypal';
    loadPaypal(clientId, currency)
      .then(async (paypal) => {
        if (!current || !node) return;
        const buttons = paypal.Buttons({
          fundingSource,
          style: {
            layout: 'vertical',
            shape: 'rect',
            label: fundingSource === 'paylater' ? 'paypal' : 'pay',
            height: 45,
          },
          createOrder: () => latest.current.createOrder(),
          onApprove: (data) => latest.current.onApprove(data),
          onCancel: () => latest.current.onCancel(),
          onError: (error) => latest.current.onError(error),
        });
        if (!buttons.isEligible()) return latest.current.onUnavailable();
        await buttons.render(node);
        if (current) setReady(true);
      })
      .catch(() => {
        if (current) latest.current.onUnavailable();
      });
    return () => {
      current = false;
      node?.replaceChildren();
    };
  }, [clientId, currency, method]);
  return (
    <div className="paypal-button" data-paypal-button={method} aria-busy={!ready}>
      <div ref={host} />
      {!ready && <small>{m.paypal_loading()}</small>}
    </div>
  );
}
