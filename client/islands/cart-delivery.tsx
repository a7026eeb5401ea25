import type { CartPricing } from '../../shared/cart.ts';
import { marketByCurrency } from '../../shared/markets.ts';
import { DeliveryWindow } from './delivery-window.tsx';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * The cart summary's estimated delivery row: the chosen option to the estimate's postal code (or
 * the whole market), or why the shop does not deliver to that postal code.
 */
export function CartDelivery({ pricing }: { pricing: CartPricing }) {
  const market = marketByCurrency(pricing.currency);
  if (!pricing.shippingName && !pricing.postCode) return null;
  return (
    <div className="cart-summary__delivery">
      <dt>{market.id === 'us' ? market.labels.delivery : m.estimated_delivery()}</dt>
      <dd>
        <DeliveryWindow
          market={market.id}
          optionName={pricing.shippingName ?? undefined}
          postalCode={pricing.postCode}
        />
      </dd>
    </div>
  );
}
