import type { CartPricing } from '../../shared/cart.ts';
import { marketByCurrency } from '../../shared/markets.ts';
import { DeliveryWindow } from './delivery-window.tsx';
import { deliveryRefusal } from '../../shared/regions.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * The cart summary's estimated delivery row: the chosen option to the estimate's postal code (or
 * the whole market), or why the shop does not deliver to that postal code.
 */
export function CartDelivery({ pricing }: { pricing: CartPricing }) {
  const market = marketByCurrency(pricing.currency);
  if (!pricing.shippingName && !pricing.postCode) return null;
  // A part no carrier route brings to that postal code (issue 40 item 4): its line says which and why.
  const limited =
    !pricing.shippingName && pricing.postCode && !deliveryRefusal(market.id, { postalCode: pricing.postCode });
  return (
    <div className="cart-summary__delivery">
      <dt>{market.id === 'us' ? market.labels.delivery : m.estimated_delivery()}</dt>
      <dd>
        {limited ? (
          <span data-no-shipping-option="">{m.ship_limit_no_option({ code: pricing.postCode ?? '' })}</span>
        ) : (
          <DeliveryWindow
            market={market.id}
            optionName={pricing.shippingName ?? undefined}
            postalCode={pricing.postCode}
          />
        )}
      </dd>
    </div>
  );
}
