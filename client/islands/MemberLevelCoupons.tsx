import { type ReactNode, useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';
import { notify } from '../state/notices.ts';
import { failureText } from './form-kit.tsx';
import type { MemberCoupon } from './member-parts.tsx';
import * as m from '../../shared/i18n/generated/messages.js';
import { localPath } from '../../shared/i18n/current.ts';

export interface MemberLevelCouponsProps {
  /** The coupons of the member's own level, as the wallet shows them (memberCouponId null: not claimed yet). */
  coupons: MemberCoupon[];
}

/** Where a claimed coupon is, in the page's language. */
const HELD: Record<MemberCoupon['state'], () => string> = {
  AVAILABLE: m.member_in_wallet,
  NOT_STARTED: m.member_in_wallet,
  USED: m.member_wallet_used,
  EXPIRED: m.member_wallet_expired,
  REDEEMABLE: () => '',
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
      notify(m.member_in_wallet_notice({ name: coupon.name }), 'success');
    } catch (failure) {
      setError(failureText(failure, m.member_claim_failed()));
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
                  {m.member_claim()}
                </button>
              ) : (
                <a href={localPath('/myAccount/member/coupons')} data-coupon-held>
                  {HELD[coupon.state]()}
                </a>
              )
            }
          />
        ))}
      </ul>
    </div>
  );
}
