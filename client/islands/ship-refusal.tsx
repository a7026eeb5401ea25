import type { ShipRefusal } from '../../shared/cart.ts';
import { formatMoney } from '../../shared/money.ts';
import { stateName } from '../../shared/regulated-parts.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * Why a part cannot be shipped to the address's state (issue 40), naming it, and the 50-state legal
 * parts that fit the shopper's vehicle instead (cart line, checkout line).
 */
export function ShipRefusalNote({ refusal }: { refusal: ShipRefusal }) {
  const state = stateName(refusal.state);
  return (
    <div className="ship-refusal" role="alert" data-ship-refusal={refusal.state}>
      <p>{refusal.message}</p>
      {refusal.vehicleName === null ? (
        <small>{m.emissions_alternatives_choose({ state })}</small>
      ) : refusal.alternatives.length === 0 ? (
        <small>{m.emissions_alternatives_none({ state, vehicle: refusal.vehicleName })}</small>
      ) : (
        <>
          <small>{m.emissions_alternatives({ state, vehicle: refusal.vehicleName })}</small>
          <ul data-legal-alternatives="">
            {refusal.alternatives.map((part) => (
              <li key={part.itemId}>
                {part.urlHandle ? <a href={`/product/${part.urlHandle}`}>{part.title}</a> : part.title}
                {part.price !== null && ` · ${formatMoney({ cent: part.price, currency: part.currency })}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
