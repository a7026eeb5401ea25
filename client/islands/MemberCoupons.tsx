import { useState } from 'react';
import type { Currency } from '../../shared/markets.ts';
import { api } from '../api.ts';
import { notify } from '../state/notices.ts';
import { failureText } from './form-kit.tsx';
import { COUPON_CALLS } from './member-calls.ts';
import { type MemberCoupon, pointsNumber, pointsWorth, RedeemableCoupon, WalletList } from './member-parts.tsx';
import * as m from '../../shared/i18n/generated/messages.js';
import { localPath } from '../../shared/i18n/current.ts';

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
      notify(m.member_in_wallet_notice({ name: coupon.name }), 'success');
    } catch (failure) {
      setError(failureText(failure, m.member_redeem_failed()));
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
      location.assign(localPath('/checkout'));
    } catch (failure) {
      setError(failureText(failure, m.member_choose_failed()));
      setBusy(false);
    }
  }

  return (
    <div className="member-coupon-centre" data-coupon-centre>
      <section aria-label={m.member_coupon_centre()} className="member-card">
        <h2>{m.member_redeem_heading()}</h2>
        <p>
          {m.member_your_balance()} <strong data-coupon-balance>{pointsNumber(balance)}</strong>{' '}
          {m.member_balance_worth({ count: balance, worth: pointsWorth(balance, currency) })}
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {redeemable.length === 0 ? (
          <p className="member-muted">{m.member_no_redeemable()}</p>
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
      <section aria-label={m.member_my_coupons()} className="member-card">
        <h2>{m.member_my_coupons()}</h2>
        <WalletList coupons={coupons} busy={busy} onUse={(chosen) => void takeToCheckout(chosen)} />
      </section>
    </div>
  );
}
