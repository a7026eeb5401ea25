import { useState, type FormEvent } from 'react';
import type { CartPricing } from '../../shared/cart.ts';
import { promoText } from '../../shared/constants.ts';
import { shippingOptionName } from '../../shared/shipping.ts';
import { marketByCurrency } from '../../shared/markets.ts';
import { formatMoney } from '../../shared/money.ts';
import { CartDelivery } from './cart-delivery.tsx';
import * as m from '../../shared/i18n/generated/messages.js';
import { cartReceipt, receiptRows } from '../../shared/receipt.ts';
import { ReceiptList } from './receipt-list.tsx';
import { instalmentWords } from '../../shared/instalment-words.ts';
import type { InstalmentOffer } from '../../shared/payment-offers.ts';

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
      <label htmlFor="coupon-code">{m.coupon_label()}</label>
      <input
        id="coupon-code"
        value={code}
        maxLength={40}
        autoComplete="off"
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy || !code.trim()}>
        {m.search_apply()}
      </button>
      {pricing.promotionCodes.length > 0 && (
        <ul className="coupon-form__codes">
          {pricing.promotionCodes.map((applied) => (
            <li key={applied}>
              <code>{applied}</code>{' '}
              <button type="button" onClick={() => remove(applied)} disabled={busy}>
                {m.remove()}
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
        shippingText={free ? m.free() : undefined}
        after={{ shipping: <CartDelivery pricing={pricing} /> }}
      />
    </dl>
  );
}

/** "or 4 interest-free payments of $X with …" under the total, where an offer takes it. */
export function Instalments({ offers, pricing }: { offers: readonly InstalmentOffer[]; pricing: CartPricing }) {
  const words = pricing.total > 0 ? instalmentWords(offers, pricing.total, pricing.currency) : null;
  return words ? (
    <p className="cart-instalments" data-instalments="">
      {words}
    </p>
  ) : null;
}

/**
 * Offers the cart is close to, add-on offers and gifts. An add-on offer is said here only while the
 * cart is short of it and the add-on section does not list its parts (there it is said once, above
 * them); one the cart qualifies for is the add-on section itself.
 */
export function Offers({ pricing }: { pricing: CartPricing }) {
  const listed = new Set(pricing.addOnItems.filter((item) => !item.inCart).map((item) => item.promotionId));
  const exchangeOffers = pricing.exchangeOffers.filter((offer) => !offer.qualifies && !listed.has(offer.promotionId));
  if (pricing.hints.length + exchangeOffers.length + pricing.giveaways.length === 0) return null;
  return (
    <section className="cart-offers" aria-label={m.offers()}>
      {pricing.hints.map((hint) => (
        <p key={hint} className="cart-offers__hint">
          {hint}
        </p>
      ))}
      {exchangeOffers.map((offer) => (
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
      <label htmlFor="shipping-postcode">{m.shipping_estimate_label({ label })}</label>
      <input
        id="shipping-postcode"
        value={code}
        maxLength={10}
        autoComplete="postal-code"
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy || !code.trim()}>
        {m.estimate()}
      </button>
      <ul>
        {pricing.shippingOptions.map((option) => {
          const chosen = option.name === pricing.shippingName;
          // The chosen option costs what the summary charges: struck through and Free when an offer takes it off.
          const free = chosen && pricing.shipping > 0 && pricing.shippingDiscount >= pricing.shipping;
          return (
            <li key={option.name} data-chosen={chosen ? 'true' : undefined}>
              {m.label_colon({ label: shippingOptionName(option.name) })}{' '}
              {free ? (
                <>
                  <s>{money(option.cost)}</s> <strong data-free-shipping="">{m.free()}</strong>
                </>
              ) : (
                money(chosen ? option.cost - pricing.shippingDiscount : option.cost)
              )}
            </li>
          );
        })}
      </ul>
    </form>
  );
}

/**
 * The add-on section: parts offered at their add-on price (§9 promo text), each once. While the cart
 * is short of an offer, the offer says what is missing, once, above its parts.
 */
export function AddOns({ pricing, busy, add }: { pricing: CartPricing; busy: boolean; add: (skuId: number) => void }) {
  const offered = pricing.addOnItems.filter((item) => !item.inCart);
  if (offered.length === 0) return null;
  const money = (cent: number) => formatMoney({ cent, currency: pricing.currency });
  const locked = pricing.exchangeOffers.filter(
    (offer) => !offer.qualifies && offered.some((item) => item.promotionId === offer.promotionId),
  );
  return (
    <section className="cart-addons" aria-label={m.addon_items()} data-addons="">
      <h2>{m.addon_items()}</h2>
      <p className="cart-group__note">{promoText()}</p>
      {locked.map((offer) => (
        <p key={offer.promotionId} className="cart-addons__locked" data-addons-locked={offer.promotionId}>
          {offer.reason}
        </p>
      ))}
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
              {m.add()}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
