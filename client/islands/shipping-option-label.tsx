import type { CartPricing } from '../../shared/cart.ts';
import { marketByCurrency } from '../../shared/markets.ts';
import { formatMoney } from '../../shared/money.ts';
import { shippingOptionName } from '../../shared/shipping.ts';
import { DeliveryWindow } from './delivery-window.tsx';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * A shipping option at checkout: its name, what it costs (Free when a free-shipping promotion
 * takes the chosen option off) and when it arrives at the address's postal code.
 */
export function ShippingOptionLabel({
  option,
  pricing,
}: {
  option: CartPricing['shippingOptions'][number];
  pricing: CartPricing;
}) {
  const money = (cent: number) => formatMoney({ cent, currency: pricing.currency });
  const free =
    option.name === pricing.shippingName && pricing.shipping > 0 && pricing.shippingDiscount >= pricing.shipping;
  return (
    <span className="shipping-option" data-shipping-option={option.name}>
      <span>
        {m.label_colon({ label: shippingOptionName(option.name) })}{' '}
        {free ? (
          <>
            <s>{money(option.cost)}</s> <strong data-free-shipping="">{m.free()}</strong>
          </>
        ) : (
          money(option.cost)
        )}
      </span>
      {' · '}
      <DeliveryWindow
        market={marketByCurrency(pricing.currency).id}
        optionName={option.name}
        postalCode={pricing.postCode}
      />
    </span>
  );
}
