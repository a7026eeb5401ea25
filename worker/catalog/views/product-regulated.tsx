import Prop65Notice from '../../../client/islands/Prop65Notice.tsx';
import ShipWarning from '../../../client/islands/ShipWarning.tsx';
import { OVERSIZE_SURCHARGE, hazmatOf, lineLimit, sizeClassOf } from '../../../shared/shipping-limits.ts';
import { formatMoney } from '../../../shared/money.ts';
import { currencyOf } from '../../../shared/markets.ts';
import { emissionsOf, emissionsStatusText, notShippedToText, prop65Of } from '../../../shared/regulated-parts.ts';
import type { MarketId } from '../../../shared/markets.ts';
import type { ItemRecord } from '../records.ts';
import { Island } from '../../platform/render/Island.tsx';
import * as m from '../../../shared/i18n/generated/messages.js';

/**
 * What the law says of a part on its page (issue 40): an emissions part's legal status with its
 * CARB EO number and where it is not shipped (the same for every shopper), and the Prop 65 warning,
 * which only a California shopper sees (the browser knows the shopper's ZIP code, the cached page does not).
 */
export function RegulatedNotes({ item, market }: { item: ItemRecord; market: MarketId }) {
  const emissions = emissionsOf(item);
  const prop65 = market === 'us' ? prop65Of(item) : null;
  const notShipped = emissions && market === 'us' ? notShippedToText(emissions) : null;
  // How the carriers take it (issue 40 item 4): ground only, oversize, freight only, for everyone.
  const shipping = { title: item.title, hazmat: hazmatOf(item.hazmatClass), sizeClass: sizeClassOf(item.sizeClass) };
  const surcharge = formatMoney({ cent: OVERSIZE_SURCHARGE[market], currency: currencyOf(market) });
  const limit = lineLimit(shipping, null, surcharge);
  const restricted = emissions && emissions.status !== 'FIFTY_STATE' && market === 'us' ? emissions : null;
  return (
    <>
      {emissions && (
        <p className="product__emissions" data-emissions={emissions.status} data-carb-eo={emissions.eo ?? undefined}>
          <strong>{m.emissions_label()}</strong> {emissionsStatusText(emissions)}
          {notShipped && (
            <>
              {' '}
              <span className="product__not-shipped">{notShipped}</span>
            </>
          )}
        </p>
      )}
      {limit && (
        <p className="ship-limit" data-ship-limit={limit.kind}>
          {limit.message}
        </p>
      )}
      {(restricted || shipping.hazmat || shipping.sizeClass === 'FREIGHT') && (
        <Island name="ShipWarning" component={ShipWarning} props={{ market, emissions: restricted, ...shipping }} />
      )}
      {prop65 && <Island name="Prop65Notice" component={Prop65Notice} props={{ listing: prop65 }} />}
    </>
  );
}

/** The part's hazardous and size classes, for the page's delivery estimate (issue 40 item 4). */
export const shippingClassesOf = (item: ItemRecord) => ({
  hazmat: hazmatOf(item.hazmatClass),
  sizeClass: sizeClassOf(item.sizeClass),
});
