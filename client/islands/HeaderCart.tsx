import { useEffect } from 'react';
import { cartLinkLabel } from '../../shared/messages.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { useHydrated } from '../state/hydrated.ts';
import { shopCart } from '../state/shop-cart.ts';
import { useSignalValue } from '../state/signal-hook.ts';

let loaded = false;

/** The header's cart link with the number of pieces in the cart; it moves as soon as a part is added. */
export default function HeaderCart() {
  const hydrated = useHydrated();
  const count = useSignalValue(shopCart.count);
  useEffect(() => {
    if (!hydrated || loaded) return;
    loaded = true;
    void shopCart.load();
  }, [hydrated]);
  const shown = hydrated ? count : 0;
  // The name starts with the visible text (WCAG 2.5.3) and says the count in words, singular or plural.
  return (
    <a className="header-link header-cart" href="/shopCart" aria-label={cartLinkLabel(shown)}>
      {m.header_cart()}
      {shown > 0 && (
        <>
          {' '}
          <span className="header-cart__count" data-cart-count={count}>
            {count > 99 ? '99+' : count}
          </span>
        </>
      )}
    </a>
  );
}
