import { useEffect, useRef, useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import { MAX_LINE_QUANTITY } from '../../shared/cart.ts';
import { attributeValueIdOf, vehicleName, vehiclePathIds } from '../../shared/vehicle.ts';
import { garage } from '../state/garage.ts';
import { useHydrated } from '../state/hydrated.ts';
import { notify } from '../state/notices.ts';
import { trackAddToCart } from '../tracking/api.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { localPath } from '../../shared/i18n/current.ts';

export interface AddToCartProps {
  skuId: number;
  itemId: number;
  /** Whether fitment applies to the part (false for tools and merchandise). */
  applies: boolean;
  /** False when the part cannot be bought here (sold out, not sold in this market). */
  buyable: boolean;
  availableTotal: number;
}

const clamp = (value: number, most: number) =>
  Math.max(1, Math.min(most, Number.isFinite(value) ? Math.trunc(value) : 1));

/** Quantity, 'Add to cart' and 'Buy now' on the product page. */
export default function AddToCart({ skuId, itemId, applies, buyable, availableTotal }: AddToCartProps) {
  const hydrated = useHydrated();
  const most = Math.max(1, Math.min(MAX_LINE_QUANTITY, availableTotal));
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const vehicleId = () => (garage.current.value ? attributeValueIdOf(garage.current.value) : null);
  // A part that does not fit the current vehicle is added only once the shopper confirms (§4 Fit status).
  const [confirming, setConfirming] = useState<{ action: 'add' | 'buy'; vehicle: string } | null>(null);
  const keepLooking = useRef<HTMLButtonElement>(null);
  // The question takes the focus (on the safe answer), so a keyboard or screen reader user meets it.
  useEffect(() => {
    if (confirming) keepLooking.current?.focus();
  }, [confirming]);

  async function unlessNotFit(action: 'add' | 'buy') {
    const vehicle = garage.current.value;
    if (applies && vehicle) {
      setBusy(true);
      const { api } = await import('../api.ts');
      const fit = await api
        .call(API.fitmentMatch, { itemId, attributeValueIds: vehiclePathIds(vehicle) })
        .catch(() => null);
      setBusy(false);
      if (fit?.carModelMatch === 'NOT_FIT') return setConfirming({ action, vehicle: vehicleName(vehicle) });
    }
    await (action === 'add' ? add() : buyNow());
  }

  async function confirmed() {
    const action = confirming?.action;
    setConfirming(null);
    await (action === 'buy' ? buyNow() : add());
  }

  async function add() {
    setBusy(true);
    const { shopCart } = await import('../state/shop-cart.ts');
    const added = await shopCart.add([{ skuId, itemCount: quantity, attributeValueId: vehicleId() }]);
    setBusy(false);
    if (added && !shopCart.cart.value?.errors.length) {
      notify(m.cart_added(), 'success');
      trackAddToCart(itemId, quantity);
    }
  }

  async function buyNow() {
    setBusy(true);
    const { api } = await import('../api.ts');
    try {
      const order = await api.call(API.buyNow, { skuId, itemCount: quantity, attributeValueId: vehicleId() });
      // Checkout finds this part's own checkout by its id and token, kept for this tab only.
      const { BUY_NOW_KEY } = await import('../state/checkout.ts');
      sessionStorage.setItem(BUY_NOW_KEY, JSON.stringify({ cartUUID: order.cartUUID, cartToken: order.cartToken }));
      location.assign(localPath(`/checkout?buyNow=${encodeURIComponent(order.cartUUID)}`));
    } catch (error) {
      notify((error as { msg?: string }).msg ?? m.buy_failed(), 'warning', 4000);
      setBusy(false);
    }
  }

  if (!buyable) return <p className="add-to-cart add-to-cart--unavailable">{m.cannot_add()}</p>;
  const disabled = !hydrated || busy;
  return (
    <div className="add-to-cart" data-add-to-cart={skuId}>
      <div className="quantity-stepper" role="group" aria-label={m.quantity()}>
        <button
          type="button"
          aria-label={m.quantity_less()}
          disabled={disabled || quantity <= 1}
          onClick={() => setQuantity(clamp(quantity - 1, most))}
        >
          −
        </button>
        <input
          aria-label={m.quantity()}
          inputMode="numeric"
          value={quantity}
          disabled={!hydrated}
          onChange={(event) => setQuantity(clamp(Number(event.target.value.replace(/\D/g, '')) || 1, most))}
        />
        <button
          type="button"
          aria-label={m.quantity_more()}
          disabled={disabled || quantity >= most}
          onClick={() => setQuantity(clamp(quantity + 1, most))}
        >
          +
        </button>
      </div>
      <button
        type="button"
        className="button button--primary"
        disabled={disabled}
        onClick={() => void unlessNotFit('add')}
      >
        {m.add_to_cart()}
      </button>
      <button type="button" className="button" disabled={disabled} onClick={() => void unlessNotFit('buy')}>
        {m.buy_now()}
      </button>
      {confirming && (
        <div className="add-to-cart__confirm" role="alertdialog" aria-labelledby="not-fit-question">
          <p id="not-fit-question">
            {confirming.action === 'buy'
              ? m.not_fit_buy({ vehicle: confirming.vehicle })
              : m.not_fit_add({ vehicle: confirming.vehicle })}
          </p>
          <button type="button" className="button" onClick={() => void confirmed()}>
            {confirming.action === 'buy' ? m.buy_anyway() : m.add_anyway()}
          </button>{' '}
          <button
            type="button"
            className="button button--primary"
            onClick={() => setConfirming(null)}
            ref={keepLooking}
          >
            {m.keep_looking()}
          </button>
        </div>
      )}
    </div>
  );
}
