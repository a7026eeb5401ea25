import { formatMoney } from '../../../shared/money.ts';
import { memberDate } from '../../../client/islands/member-parts.tsx';
import type { FirstOrderOffer } from '../service.ts';

/**
 * Where the shopper stands (§3 useFirstDiscount): a visitor, a member who can still use the offer,
 * one whose account used it, or one who has ordered already without it.
 */
export type FirstOrderStanding = 'visitor' | 'eligible' | 'used' | 'ordered';

/** An amount as a headline reads it: '$5' for whole dollars, '$5.50' otherwise. */
const headlineMoney = (offer: FirstOrderOffer, cent: number) =>
  formatMoney({ cent, currency: offer.currency }).replace(/\.00$/, '');

/** What the offer gives, in a few words: '$5 off', '10% off', 'Free shipping'. */
export function offerAmount(offer: FirstOrderOffer): string {
  if (offer.discountType === 'PERCENT') return `${offer.discountValue}% off`;
  if (offer.discountType === 'FIXED_AMOUNT') return `${headlineMoney(offer, offer.discountValue)} off`;
  return 'Free shipping';
}

/** The order it needs: its minimum value or item count, or none. */
function minimumOrder(offer: FirstOrderOffer): string {
  if (offer.thresholdType === 'AMOUNT')
    return `On an order of ${formatMoney({ cent: offer.thresholdValue, currency: offer.currency })} or more.`;
  if (offer.thresholdType === 'QUANTITY') return `On an order of ${offer.thresholdValue} or more items.`;
  return 'No minimum order.';
}

function OfferCard({ offer }: { offer: FirstOrderOffer }) {
  return (
    <div className="member-card" data-offer data-promotion-id={offer.promotionId}>
      <p className="sign-up-discount__headline">
        <strong data-offer-amount>{offerAmount(offer)}</strong> your first order
      </p>
      <p data-offer-reason>{`${offer.name}: ${offer.reason}`}</p>
      <ul className="member-benefits" data-offer-conditions>
        <li data-offer-minimum>{minimumOrder(offer)}</li>
        <li>Your first order only: one per shopper, for an account or an email that has not ordered before.</li>
        <li data-offer-who>
          {offer.memberOnly
            ? 'For members: create an account and sign in before you check out.'
            : 'For members and for guest checkout alike.'}
        </li>
        <li>
          {offer.code ? (
            <>
              Enter the code <strong data-offer-code>{offer.code}</strong> at checkout.
            </>
          ) : (
            'Taken off in your cart automatically: no code needed.'
          )}
        </li>
        {offer.endsAt !== null && <li data-offer-ends>{`Ends ${memberDate(offer.endsAt)}.`}</li>}
      </ul>
    </div>
  );
}

/** What the page tells the shopper about their own standing, and what to do next. */
function Standing({ standing, offer }: { standing: FirstOrderStanding; offer: FirstOrderOffer | null }) {
  if (standing === 'visitor')
    return (
      <p data-offer-standing="visitor">
        <a className="button" href="/createAccount">
          Create an account
        </a>{' '}
        <a href="/login?callBackPath=%2Fsign-up-discount">Already a member? Sign in</a>
      </p>
    );
  if (standing === 'used')
    return (
      <p data-offer-standing="used" role="status">
        You've already used your first-order discount. <a href="/myAccount?type=member">See your points</a>
      </p>
    );
  if (standing === 'ordered')
    return (
      <p data-offer-standing="ordered" role="status">
        The first-order discount is for a first order, and your account has placed one already.{' '}
        <a href="/myAccount?type=member">See your points</a>
      </p>
    );
  if (!offer) return null;
  return (
    <p data-offer-standing="eligible">
      Your account can use this offer on your first order. <a href="/search">Shop parts</a>
    </p>
  );
}

/** /sign-up-discount: the live first-order offer, its conditions, and the way to claim it. */
export function SignUpDiscountPage({
  offer,
  standing,
}: {
  offer: FirstOrderOffer | null;
  standing: FirstOrderStanding;
}) {
  return (
    <section className="simple-page sign-up-discount" data-first-order={offer ? 'on' : 'off'}>
      <h1>Sign up and save</h1>
      {offer ? (
        <OfferCard offer={offer} />
      ) : (
        <p data-offer-none>There is no first-order offer right now. Members still earn points on every order.</p>
      )}
      <Standing standing={standing} offer={offer} />
      <p>
        <a href="/myAccount/member/rule">How members earn points</a>
      </p>
    </section>
  );
}
