import { useEffect } from 'react';
import type { CartAnswer, CartLineView } from '../../shared/cart.ts';
import { promoText } from '../../shared/constants.ts';
import { useHydrated } from '../state/hydrated.ts';
import { shopCart } from '../state/shop-cart.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import { CartLine, type LineActions } from './cart-line.tsx';
import { AddOns, CouponForm, Instalments, Offers, ShippingEstimate, Summary } from './cart-summary.tsx';
import type { InstalmentOffer } from '../../shared/payment-offers.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export interface CartPageProps {
  /** The instalment offers of the payment methods offered here: the message under the total (issue 38). */
  instalments?: InstalmentOffer[];
  /** The cart as the server rendered it (no vehicle yet); the browser refreshes it with the current vehicle. */
  initial: CartAnswer | null;
}

function Group({
  title,
  keys,
  byKey,
  actions,
  note,
}: {
  title: string | null;
  keys: string[];
  byKey: Map<string, CartLineView>;
  actions: LineActions;
  note?: string;
}) {
  if (keys.length === 0) return null;
  return (
    <section className="cart-group" aria-label={title ?? m.items()}>
      {title && <h2>{title}</h2>}
      {note && <p className="cart-group__note">{note}</p>}
      <ul>
        {keys
          .map((key) => byKey.get(key))
          .filter((line) => line !== undefined)
          .map((line) => (
            <CartLine key={line.key} line={line} actions={actions} />
          ))}
      </ul>
    </section>
  );
}

/** The cart page (§2 /shopCart): groups, quantities, codes, discounts with their reasons, shipping and total. */
export default function CartPage({ initial, instalments = [] }: CartPageProps) {
  const hydrated = useHydrated();
  const live = useSignalValue(shopCart.cart);
  const busy = useSignalValue(shopCart.busy);
  useEffect(() => {
    if (hydrated) void shopCart.load();
  }, [hydrated]);
  const cart = hydrated && live ? live : initial;
  const items = cart?.detail.items ?? [];
  if (items.length === 0) {
    return (
      <div className="cart-empty" data-cart-empty="">
        <p>{m.cart_empty()}</p>
        <p>
          {m.cart_empty_hint_before()} <a href="/parts">{m.cart_empty_hint_link()}</a>.
        </p>
      </div>
    );
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
        {groups.bundles.map((bundle) => (
          <Group key={bundle.bundleId} title={m.cart_bundle()} keys={bundle.items} byKey={byKey} actions={actions} />
        ))}
        <Group title={m.cart_your_addons()} note={promoText()} keys={groups.tradeIn} byKey={byKey} actions={actions} />
        <AddOns
          pricing={pricing}
          busy={actions.busy}
          add={(skuId) => void shopCart.add([{ skuId, itemCount: 1, itemType: 'TRADE_IN' }])}
        />
        <Group
          title={m.cart_unavailable()}
          note={m.cart_unavailable_note()}
          keys={groups.unusable}
          byKey={byKey}
          actions={actions}
        />
      </div>
      <aside className="cart-page__summary">
        <CouponForm
          pricing={pricing}
          busy={actions.busy}
          apply={(code) => shopCart.applyCode(code)}
          remove={(code) => void shopCart.removeCode(code)}
        />
        <Offers pricing={pricing} />
        <ShippingEstimate pricing={pricing} busy={actions.busy} estimate={(code) => void shopCart.setPostCode(code)} />
        <Summary pricing={pricing} />
        <Instalments offers={instalments} pricing={pricing} />
        <a className="button button--primary" href="/checkout" data-checkout="">
          {m.checkout()}
        </a>
      </aside>
    </div>
  );
}
