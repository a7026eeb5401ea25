import type { PointsLogEntry } from '../../shared/api/members.ts';
import type { Currency } from '../../shared/markets.ts';
import { POINTS_REASON_KIND, pointsLogKindLabel } from '../../shared/members.ts';
import { formatMoney } from '../../shared/money.ts';
import { formatDay, plainCount } from '../../shared/i18n/format.ts';
import * as m from '../../shared/i18n/generated/messages.js';
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

/** A number of points as the page's language writes it: '1250' in English (as it always was), '1 250' in French. */
export const pointsNumber = plainCount;

/**
 * A message with an element inside it, as the text before and after the element ('Membre <badge>',
 * '<badge> member'): each language puts the element where its sentence wants it.
 */
export function around(message: (mark: string) => string): [string, string] {
  const mark = '\u0001';
  const [before = '', after = ''] = message(mark).split(mark);
  return [before, after];
}

/** What points are worth at checkout (100 points = $1). */
export const pointsWorth = (points: number, currency: Currency) =>
  formatMoney({ cent: pointsInCents(points), currency });

const signed = (delta: number) => (delta > 0 ? `+${pointsNumber(delta)}` : pointsNumber(delta));

/** The points log as a table: when, what, the change, and when earned points expire. */
export function PointsLogTable({ entries }: { entries: readonly PointsLogEntry[] }) {
  if (entries.length === 0) return <p data-points-log-empty>{m.member_log_empty()}</p>;
  return (
    <table className="points-log" data-points-log>
      <thead>
        <tr>
          <th scope="col">{m.member_log_date()}</th>
          <th scope="col">{m.member_log_activity()}</th>
          <th scope="col">{m.points()}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const kind = pointsLogKindLabel(POINTS_REASON_KIND[entry.reason] ?? entry.kind);
          // 'Adjusted by the shop' is both the label and the kind: said once.
          const facts = [
            ...(kind === entry.label ? [] : [kind]),
            ...(entry.expiresAt !== null && entry.delta > 0
              ? [m.member_log_expires({ date: memberDate(entry.expiresAt) })]
              : []),
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
        {coupon.endsAt !== null && <span>{m.member_redeem_by({ date: memberDate(coupon.endsAt) })}</span>}
      </div>
      <div className="member-coupon__price">
        <span data-points-price>{m.member_points_n({ count: price, shown: pointsNumber(price) })}</span>
        <span className={covered ? 'member-coupon__covered' : 'member-coupon__short'}>
          {covered
            ? m.member_balance_covers()
            : m.member_need_more({ count: price - balance, shown: pointsNumber(price - balance) })}
        </span>
        <button
          type="button"
          className="button"
          disabled={!covered || busy || !onRedeem}
          onClick={() => onRedeem?.(coupon)}
        >
          {m.member_redeem()}
        </button>
      </div>
    </li>
  );
}

/** The wallet's groups: `id` marks each for scripts and tests, `title` and `label` are what people read. */
const WALLET_GROUPS = [
  {
    id: 'Usable',
    title: m.member_wallet_usable,
    label: m.member_wallet_usable_label,
    states: ['AVAILABLE', 'NOT_STARTED'],
  },
  { id: 'Used', title: m.member_wallet_used, label: m.member_wallet_used_label, states: ['USED'] },
  { id: 'Expired', title: m.member_wallet_expired, label: m.member_wallet_expired_label, states: ['EXPIRED'] },
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
          <section key={group.id} aria-label={group.label()} data-wallet-group={group.id}>
            <h3>
              {group.title()} ({held.length})
            </h3>
            {held.length === 0 ? (
              <p className="member-muted">{m.member_wallet_none()}</p>
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
                      {coupon.state === 'NOT_STARTED' && <span>{m.member_not_started()}</span>}
                      {coupon.endsAt !== null && coupon.state !== 'USED' && (
                        <span>
                          {(coupon.state === 'EXPIRED' ? m.member_expired_on : m.member_use_by)({
                            date: memberDate(coupon.endsAt),
                          })}
                        </span>
                      )}
                    </div>
                    {coupon.state === 'AVAILABLE' && onUse && (
                      <div className="member-coupon__price">
                        <button type="button" className="button" disabled={busy} onClick={() => onUse(coupon)}>
                          {m.member_use_at_checkout()}
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
