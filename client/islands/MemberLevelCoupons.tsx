import { type ReactNode, useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';
import { notify } from '../state/notices.ts';
import { failureText } from './form-kit.tsx';
import type { MemberCoupon } from './member-parts.tsx';

export interface MemberLevelCouponsProps {
  /** The coupons of the member's own level, as the wallet shows them (memberCouponId null: not claimed yet). */
  coupons: MemberCoupon[];
}

const HELD: Record<MemberCoupon['state'], string> = {
  AVAILABLE: 'In your wallet',
  NOT_STARTED: 'In your wallet',
  USED: 'Used',
  EXPIRED: 'Expired',
  REDEEMABLE: '',
};

/** One level coupon: what it gives and its name, then what the member can do with it (`action`). */
export function LevelCouponItem({ coupon, action }: { coupon: MemberCoupon; action: ReactNode }) {
  return (
    <li className="member-coupon" data-level-coupon={coupon.promotionId}>
      <div className="member-coupon__what">
        <strong>{coupon.reason}</strong>
        <span>{coupon.name}</span>
      </div>
      <div className="member-coupon__price">{action}</div>
    </li>
  );
}

/** The coupons of the member's level, each with Claim until it is in their wallet. */
export default function MemberLevelCoupons({ coupons: initial }: MemberLevelCouponsProps) {
  const [coupons, setCoupons] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function claim(coupon: MemberCoupon) {
    setBusy(true);
    setError('');
    try {
      const held = await api.call(API.couponClaim, { promotionId: coupon.promotionId });
      setCoupons((list) =>
        list.map((one) =>
          one.promotionId === held.promotionId
            ? { ...one, memberCouponId: held.memberCouponId, state: held.state }
            : one,
        ),
      );
      notify(`${coupon.name} is in your wallet.`, 'success');
    } catch (failure) {
      setError(failureText(failure, 'The coupon could not be claimed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="member-level-coupons" data-level-coupons>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ul className="member-coupons">
        {coupons.map((coupon) => (
          <LevelCouponItem
            key={coupon.promotionId}
            coupon={coupon}
            action={
              coupon.memberCouponId === null ? (
                <button type="button" className="button" disabled={busy} onClick={() => void claim(coupon)}>
                  Claim
                </button>
              ) : (
                <a href="/myAccount/member/coupons" data-coupon-held>
                  {HELD[coupon.state]}
                </a>
              )
            }
          />
        ))}
      </ul>
    </div>
  );
}
