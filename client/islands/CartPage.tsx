import { useEffect, useState, type FormEvent } from 'react';
import type { CartAnswer, CartLineView, CartPricing } from '../../shared/cart.ts';
import { PROMO_TEXT } from '../../shared/constants.ts';
import { formatMoney } from '../../shared/money.ts';
import { useHydrated } from '../state/hydrated.ts';
import { shopCart } from '../state/shop-cart.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import { CartLine, type LineActions } from './cart-line.tsx';

export interface CartPageProps {
  /** The cart as the server rendered it (no vehicle yet); the browser refreshes it with the current vehicle. */
  initial: CartAnswer | null;
}

function CouponForm({ pricing, apply, remove, busy }: { pricing: CartPricing; apply: (code: string) => Promise<boolean>; remove: (code: string) => void; busy: boolean }) {
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() && (await apply(code.trim()))) setCode('');
  };
  return (
    <form className="coupon-form" onSubmit={submit} data-coupon-form="">
      <label htmlFor="coupon-code">Coupon or promotion code</label>
      <input id="coupon-code" value={code} maxLength={40} autoComplete="off" onChange={(event) => setCode(event.target.value)} />
      <button type="submit" className="button" disabled={busy || !code.trim()}>Apply</button>
      {pricing.promotionCodes.length > 0 && (
        <ul className="coupon-form__codes">
          {pricing.promotionCodes.map((applied) => <li key={applied}><code>{applied}</code> <button type="button" onClick={() => remove(applied)} disabled={busy}>Remove</button></li>)}
        </ul>
      )}
      {pricing.rejected.map((rejection) => <p key={`${rejection.code}:${rejection.reason}`} className="coupon-form__rejected" role="status">{rejection.code ? `${rejection.code}: ` : ''}{rejection.reason}</p>)}
    </form>
  );
}

function Summary({ pricing }: { pricing: CartPricing }) {
  const money = (cent: number) => formatMoney({ cent, currency: pricing.currency });
  return (
    <dl className="cart-summary" data-cart-summary="">
      <div><dt>Subtotal</dt><dd data-subtotal={pricing.subtotal}>{money(pricing.subtotal)}</dd></div>
      {pricing.discounts.map((discount) => (
        <div key={`${discount.source}:${discount.name}`} className="cart-summary__discount" data-discount={discount.source}>
          <dt>{discount.name}<small>{discount.reason}</small></dt><dd>-{money(discount.amount)}</dd>
        </div>
      ))}
      <div><dt>Shipping{pricing.shippingName ? ` (${pricing.shippingName})` : ''}</dt><dd>{pricing.shipping - pricing.shippingDiscount === 0 && pricing.shippingName ? 'Free' : money(pricing.shipping - pricing.shippingDiscount)}</dd></div>
      {pricing.points > 0 && <div><dt>Points</dt><dd>-{money(pricing.points)}</dd></div>}
      <div className="cart-summary__total"><dt>Total</dt><dd data-total={pricing.total}>{money(pricing.total)}</dd></div>
    </dl>
  );
}

function Group({ title, keys, byKey, actions, note }: { title: string | null; keys: string[]; byKey: Map<string, CartLineView>; actions: LineActions; note?: string }) {
  if (keys.length === 0) return null;
  return (
    <section className="cart-group" aria-label={title ?? 'Items'}>
      {title && <h2>{title}</h2>}
      {note && <p className="cart-group__note">{note}</p>}
      <ul>{keys.map((key) => byKey.get(key)).filter((line) => line !== undefined).map((line) => <CartLine key={line.key} line={line} actions={actions} />)}</ul>
    </section>
  );
}

/** The cart page (§2 /shopCart): groups, quantities, codes, discounts with their reasons, shipping and total. */
export default function CartPage({ initial }: CartPageProps) {
  const hydrated = useHydrated();
  const live = useSignalValue(shopCart.cart);
  const busy = useSignalValue(shopCart.busy);
  useEffect(() => { if (hydrated) void shopCart.load(); }, [hydrated]);
  const cart = hydrated && live ? live : initial;
  const items = cart?.detail.items ?? [];
  if (items.length === 0) {
    return <div className="cart-empty" data-cart-empty=""><p>Your cart is empty.</p><p>Search by part name or number, or <a href="/parts">shop parts for your vehicle</a>.</p></div>;
  }
  const { groups, pricing } = cart!.detail;
  const byKey = new Map(items.map((line) => [line.key, line]));
  const actions: LineActions = {
    busy: busy || !hydrated,
    setQuantity: (line, count) => void shopCart.setQuantity(line, count),
    remove: (line) => void shopCart.remove(line),
  };
  return (
    <div className="cart-page" data-cart={cart!.cartUUID ?? ''} aria-busy={busy}>
      <div className="cart-page__lines">
        <Group title={null} keys={groups.regular} byKey={byKey} actions={actions} />
        {groups.bundles.map((bundle) => <Group key={bundle.bundleId} title="Bundle" keys={bundle.items} byKey={byKey} actions={actions} />)}
        <Group title="Add-on items" note={PROMO_TEXT} keys={groups.tradeIn} byKey={byKey} actions={actions} />
        <Group title="Unavailable items" note="These parts cannot be bought right now and are not in your total." keys={groups.unusable} byKey={byKey} actions={actions} />
      </div>
      <aside className="cart-page__summary">
        <CouponForm pricing={pricing} busy={actions.busy} apply={(code) => shopCart.applyCode(code)} remove={(code) => void shopCart.removeCode(code)} />
        <Summary pricing={pricing} />
        <a className="button button--primary" href="/checkout" data-checkout="">Checkout</a>
      </aside>
    </div>
  );
}

