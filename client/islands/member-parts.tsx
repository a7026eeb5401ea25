import type { PointsLogEntry } from '../../shared/api/members.ts';
import type { Currency } from '../../shared/markets.ts';
import { POINTS_LOG_KIND_LABEL, POINTS_REASON_KIND } from '../../shared/members.ts';
import { formatMoney } from '../../shared/money.ts';
import { formatDay } from '../../shared/i18n/format.ts';
import { pointsInCents } from '../../shared/promotion-words.ts';

/** Pieces the member pages (server views) and their islands both render. */

/** A coupon as the member pages show it (the wallet's WalletCoupon, the fields they need). */
export interface MemberCoupon {
  promotionId: number;
  memberCouponId: number | null;
  name: string;
  /** What it gives, in the shopper's words ('$10.00 off orders of $50.00 or more'). */
  reason: string;
  integralScore: number | null;
  state: 'AVAILABLE' | 'USED' | 'EXPIRED' | 'NOT_STARTED' | 'REDEEMABLE';
  endsAt: number | null;
}

/** A day as the member pages write it: 'Nov 24, 2026' (UTC, so server and browser agree). */
export function memberDate(ms: number): string {
  return formatDay(ms);
}

/** What points are worth at checkout (100 points = $1). */
export const pointsWorth = (points: number, currency: Currency) =>
  formatMoney({ cent: pointsInCents(points), currency });

const signed = (delta: number) => (delta > 0 ? `+${delta}` : String(delta));

/** The points log as a table: when, what, the change, and when earned points expire. */
export function PointsLogTable({ entries }: { entries: readonly PointsLogEntry[] }) {
  if (entries.length === 0) return <p data-points-log-empty>No points activity yet.</p>;
  return (
    <table className="points-log" data-points-log>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Activity</th>
          <th scope="col">Points</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const kind = POINTS_LOG_KIND_LABEL[POINTS_REASON_KIND[entry.reason] ?? entry.kind];
          // 'Adjusted by the shop' is both the label and the kind: said once.
          const facts = [
            ...(kind === entry.label ? [] : [kind]),
            ...(entry.expiresAt !== null && entry.delta > 0 ? [`expires ${memberDate(entry.expiresAt)}`] : []),
          ];
          return (
            <tr key={entry.id} data-kind={entry.kind}>
              <td className="points-log__date">{memberDate(entry.createdAt)}</td>
              <td>
                <span className="points-log__label">{entry.label}</span>
                {facts.length > 0 && <span className="points-log__kind">{facts.join(' · ')}</span>}
                {entry.note && <span className="points-log__note">{entry.note}</span>}
              </td>
              <td className={entry.delta < 0 ? 'points-log__delta is-minus' : 'points-log__delta'}>
                {signed(entry.delta)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One coupon of the coupon centre: its points price, what it gives, and whether the balance covers it. */
export function RedeemableCoupon({
  coupon,
  balance,
  busy,
  onRedeem,
}: {
  coupon: MemberCoupon;
  balance: number;
  busy: boolean;
  onRedeem?: (coupon: MemberCoupon) => void;
}) {
  const price = coupon.integralScore ?? 0;
  const covered = balance >= price;
  return (
    <li className="member-coupon" data-redeemable={coupon.promotionId}>
      <div className="member-coupon__what">
        <strong>{coupon.reason}</strong>
        <span>{coupon.name}</span>
        {coupon.endsAt !== null && <span>Redeem by {memberDate(coupon.endsAt)}</span>}
      </div>
      <div className="member-coupon__price">
        <span data-points-price>{price} points</span>
        <span className={covered ? 'member-coupon__covered' : 'member-coupon__short'}>
          {covered ? 'Your balance covers it' : `You need ${price - balance} more points`}
        </span>
        <button
          type="button"
          className="button"
          disabled={!covered || busy || !onRedeem}
          onClick={() => onRedeem?.(coupon)}
        >
          Redeem
        </button>
      </div>
    </li>
  );
}

const WALLET_GROUPS = [
  { title: 'Usable', states: ['AVAILABLE', 'NOT_STARTED'] },
  { title: 'Used', states: ['USED'] },
  { title: 'Expired', states: ['EXPIRED'] },
] as const;

/** The member's wallet: coupons held, usable first, then used and expired; a usable one can be taken to checkout. */
export function WalletList({
  coupons,
  busy = false,
  onUse,
}: {
  coupons: readonly MemberCoupon[];
  busy?: boolean;
  onUse?: (coupon: MemberCoupon) => void;
}) {
  return (
    <div className="member-wallet" data-wallet>
      {WALLET_GROUPS.map((group) => {
        const held = coupons.filter((coupon) => (group.states as readonly string[]).includes(coupon.state));
        return (
          <section key={group.title} aria-label={`${group.title} coupons`} data-wallet-group={group.title}>
            <h3>
              {group.title} ({held.length})
            </h3>
            {held.length === 0 ? (
              <p className="member-muted">None.</p>
            ) : (
              <ul className="member-coupons">
                {held.map((coupon) => (
                  <li
                    key={coupon.memberCouponId ?? coupon.promotionId}
                    className={`member-coupon member-coupon--${coupon.state.toLowerCase()}`}
                    data-wallet-coupon={coupon.promotionId}
                  >
                    <div className="member-coupon__what">
                      <strong>{coupon.reason}</strong>
                      <span>{coupon.name}</span>
                      {coupon.state === 'NOT_STARTED' && <span>Not started yet</span>}
                      {coupon.endsAt !== null && coupon.state !== 'USED' && (
                        <span>
                          {coupon.state === 'EXPIRED' ? 'Expired' : 'Use by'} {memberDate(coupon.endsAt)}
                        </span>
                      )}
                    </div>
                    {coupon.state === 'AVAILABLE' && onUse && (
                      <div className="member-coupon__price">
                        <button type="button" className="button" disabled={busy} onClick={() => onUse(coupon)}>
                          Use at checkout
                        </button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
