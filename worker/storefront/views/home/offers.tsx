import Countdown from '../../../../client/islands/Countdown.tsx';
import type { SearchRecord } from '../../../../shared/catalog-types.ts';
import type { DiscountWindowConfig } from '../../../../shared/content/home.ts';
import { ProductCard } from '../../../catalog/views/ProductCard.tsx';
import { Island } from '../../../platform/render/Island.tsx';
import { staticAsset } from '../../../platform/build-info.ts';

/** Top deals: product cards with their live prices and percent-off badges (§4: at 10 % or more). */
export function TopDeals({ deals }: { deals: { title: string; cards: SearchRecord[] } | null }) {
  if (!deals) return null;
  return (
    <section className="home-block top-deals" aria-labelledby="home-top-deals" data-home-block="top-deals">
      <h2 id="home-top-deals">{deals.title}</h2>
      <ul className="product-grid home-row__cards">
        {deals.cards.map((product) => (
          <ProductCard key={product.itemId} product={product} />
        ))}
      </ul>
    </section>
  );
}

/** The discount window: a timed offer, its code and a countdown to its end, shown only while live. */
export function DiscountWindow({ offer, now }: { offer: DiscountWindowConfig | null; now: number }) {
  if (!offer?.endTime) return null;
  return (
    <section className="home-block discount-window" aria-labelledby="home-discount-window">
      {offer.image && (
        <img src={staticAsset(offer.image)} alt="" width="240" height="160" loading="lazy" decoding="async" />
      )}
      <div className="discount-window__words">
        <h2 id="home-discount-window">{offer.title}</h2>
        {offer.text && <p>{offer.text}</p>}
        {offer.couponCode && (
          <p className="discount-window__code">
            Use code <strong>{offer.couponCode}</strong> at checkout
          </p>
        )}
        <Island
          name="Countdown"
          component={Countdown}
          props={{ endsAt: offer.endTime, now, label: 'Ends in', endedText: 'This offer has ended' }}
        />
        {offer.href && (
          <a className="button" href={offer.href}>
            Shop the offer
          </a>
        )}
      </div>
    </section>
  );
}
