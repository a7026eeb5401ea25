import { useState } from 'react';
import type { Currency } from '../../shared/markets.ts';
import { api } from '../api.ts';
import { notify } from '../state/notices.ts';
import { failureText } from './form-kit.tsx';
import { COUPON_CALLS } from './member-calls.ts';
import { type MemberCoupon, pointsWorth, RedeemableCoupon, WalletList } from './member-parts.tsx';

export interface MemberCouponsProps {
  balance: number;
  currency: Currency;
  /** The wallet and the redeemable coupons (GET calculator/coupons). */
  coupons: MemberCoupon[];
}

/** The coupon centre (coupons to buy with points, Redeem) and the wallet it fills. */
export default function MemberCoupons({ balance: initialBalance, currency, coupons: initial }: MemberCouponsProps) {
  const [balance, setBalance] = useState(initialBalance);
  const [coupons, setCoupons] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const redeemable = coupons.filter((coupon) => coupon.state === 'REDEEMABLE');

  async function redeem(coupon: MemberCoupon) {
    setBusy(true);
    setError('');
    try {
      const bought = await api.call(COUPON_CALLS.redeem, { promotionId: coupon.promotionId });
      setBalance(bought.points);
      setCoupons(await api.call(COUPON_CALLS.coupons));
      notify(`${coupon.name} is in your wallet.`, 'success');
    } catch (failure) {
      setError(failureText(failure, 'The coupon could not be redeemed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  /** Puts the coupon on the member's cart and goes to checkout, where it applies. */
  async function takeToCheckout(coupon: MemberCoupon) {
    setBusy(true);
    setError('');
    try {
      await api.call(COUPON_CALLS.choose, { couponIds: [coupon.promotionId] });
      location.assign('/checkout');
    } catch (failure) {
      setError(failureText(failure, 'The coupon could not be chosen. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <div className="member-coupon-centre" data-coupon-centre>
      <section aria-label="Coupon centre" className="member-card">
        <h2>Redeem points for coupons</h2>
        <p>
          Your balance: <strong data-coupon-balance>{balance}</strong> points ({pointsWorth(balance, currency)})
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {redeemable.length === 0 ? (
          <p className="member-muted">No coupons to redeem right now.</p>
        ) : (
          <ul className="member-coupons">
            {redeemable.map((coupon) => (
              <RedeemableCoupon
                key={coupon.promotionId}
                coupon={coupon}
                balance={balance}
                busy={busy}
                onRedeem={(chosen) => void redeem(chosen)}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-label="My coupons" className="member-card">
        <h2>My coupons</h2>
        <WalletList coupons={coupons} busy={busy} onUse={(chosen) => void takeToCheckout(chosen)} />
      </section>
    </div>
  );
}
