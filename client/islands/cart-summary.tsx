import { useState, type FormEvent } from 'react';
import type { CartPricing } from '../../shared/cart.ts';
import { PROMO_TEXT } from '../../shared/constants.ts';
import { marketByCurrency } from '../../shared/markets.ts';
import { formatMoney } from '../../shared/money.ts';
import { CartDelivery } from './cart-delivery.tsx';
import { cartReceipt, receiptRows } from '../../shared/receipt.ts';
import { ReceiptList } from './receipt-list.tsx';

/** The cart page's side panel: codes, offers, the shipping estimate and the totals. */

export function CouponForm({
  pricing,
  apply,
  remove,
  busy,
}: {
  pricing: CartPricing;
  apply: (code: string) => Promise<boolean>;
  remove: (code: string) => void;
  busy: boolean;
}) {
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() && (await apply(code.trim()))) setCode('');
  };
  return (
    <form className="coupon-form" onSubmit={submit} data-coupon-form="">
      <label htmlFor="coupon-code">Coupon or promotion code</label>
      <input
        id="coupon-code"
        value={code}
        maxLength={40}
        autoComplete="off"
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy || !code.trim()}>
        Apply
      </button>
      {pricing.promotionCodes.length > 0 && (
        <ul className="coupon-form__codes">
          {pricing.promotionCodes.map((applied) => (
            <li key={applied}>
              <code>{applied}</code>{' '}
              <button type="button" onClick={() => remove(applied)} disabled={busy}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {pricing.rejected.map((rejection) => (
        <p key={`${rejection.code}:${rejection.reason}`} className="coupon-form__rejected" role="status">
          {rejection.code ? `${rejection.code}: ` : ''}
          {rejection.reason}
        </p>
      ))}
    </form>
  );
}

/** The cart's receipt: shipping net of its discount ("Free" when a chosen option costs nothing), then delivery. */
export function Summary({ pricing }: { pricing: CartPricing }) {
  const free = pricing.shipping - pricing.shippingDiscount === 0 && pricing.shippingName;
  return (
    <dl className="cart-summary" data-cart-summary="">
      <ReceiptList
        rows={receiptRows(cartReceipt(pricing))}
        currency={pricing.currency}
        shippingText={free ? 'Free' : undefined}
        after={{ shipping: <CartDelivery pricing={pricing} /> }}
      />
    </dl>
  );
}

/** Offers the cart is close to, add-on offers (§9 promo text on the page) and gifts. */
export function Offers({ pricing }: { pricing: CartPricing }) {
  if (pricing.hints.length + pricing.exchangeOffers.length + pricing.giveaways.length === 0) return null;
  return (
    <section className="cart-offers" aria-label="Offers">
      {pricing.hints.map((hint) => (
        <p key={hint} className="cart-offers__hint">
          {hint}
        </p>
      ))}
      {pricing.exchangeOffers.map((offer) => (
        <p key={offer.promotionId} data-exchange-offer={offer.qualifies ? 'qualifies' : 'not-yet'}>
          <strong>{offer.name}</strong> {offer.reason}
        </p>
      ))}
      {pricing.giveaways.map((gift) => (
        <p key={gift.promotionId} data-giveaway="">
          <strong>{gift.name}</strong> {gift.reason}
        </p>
      ))}
    </section>
  );
}

/** The shipping estimate for a postal code: every option with its cost, the chosen one marked. */
export function ShippingEstimate({
  pricing,
  busy,
  estimate,
}: {
  pricing: CartPricing;
  busy: boolean;
  estimate: (code: string) => void;
}) {
  const [code, setCode] = useState(pricing.postCode ?? '');
  const label = marketByCurrency(pricing.currency).labels.postalCode;
  const money = (cent: number) => formatMoney({ cent, currency: pricing.currency });
  return (
    <form
      className="shipping-estimate"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) estimate(code.trim());
      }}
    >
      <label htmlFor="shipping-postcode">{label} for shipping</label>
      <input
        id="shipping-postcode"
        value={code}
        maxLength={10}
        autoComplete="postal-code"
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy || !code.trim()}>
        Estimate
      </button>
      <ul>
        {pricing.shippingOptions.map((option) => (
          <li key={option.name} data-chosen={option.name === pricing.shippingName ? 'true' : undefined}>
            {option.name}: {money(option.cost)}
          </li>
        ))}
      </ul>
    </form>
  );
}

/** The add-on section: parts offered at their add-on price once the cart qualifies (§9 promo text). */
export function AddOns({ pricing, busy, add }: { pricing: CartPricing; busy: boolean; add: (skuId: number) => void }) {
  const offered = pricing.addOnItems.filter((item) => !item.inCart);
  if (offered.length === 0) return null;
  const money = (cent: number) => formatMoney({ cent, currency: pricing.currency });
  return (
    <section className="cart-addons" aria-label="Add-on items" data-addons="">
      <h2>Add-on items</h2>
      <p className="cart-group__note">{PROMO_TEXT}</p>
      <ul>
        {offered.map((item) => (
          <li key={`${item.promotionId}:${item.skuId}`} className="cart-addons__item" data-addon={item.skuId}>
            <img
              src={item.imageUrl ?? '/static/parts/placeholder.svg'}
              alt=""
              width="64"
              height="64"
              loading="lazy"
              data-retry=""
            />
            {item.urlHandle ? (
              <a className="cart-addons__title" href={`/product/${item.urlHandle}`}>
                {item.title}
              </a>
            ) : (
              <span className="cart-addons__title">{item.title}</span>
            )}
            <span className="cart-addons__price">
              <strong>{money(item.price)}</strong> <s>{money(item.originalPrice)}</s>
            </span>
            <button type="button" className="button" disabled={busy} onClick={() => add(item.skuId)}>
              Add
            </button>
            {!item.qualifies && <span className="cart-addons__note">The price unlocks with a qualifying part.</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
