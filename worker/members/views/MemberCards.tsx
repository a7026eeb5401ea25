import type { LevelBenefits, MemberLevelAnswer, MemberPointsAnswer } from '../../../shared/api/members.ts';
import type { Market } from '../../../shared/markets.ts';
import { formatMoney, moneyIn } from '../../../shared/money.ts';
import { LevelCouponItem } from '../../../client/islands/MemberLevelCoupons.tsx';
import { type MemberCoupon, memberDate, pointsWorth } from '../../../client/islands/member-parts.tsx';

/** The balance, what it is worth, pending points and what expires soon. */
export function PointsCard({ points, market }: { points: MemberPointsAnswer; market: Market }) {
  const soon = points.expiringSoon;
  return (
    <section className="member-card member-points" aria-label="Points balance" data-points-card>
      <p className="member-points__balance">
        <strong data-points-balance>{points.balance}</strong> points
      </p>
      <p>
        Worth <strong data-points-worth>{formatMoney(moneyIn(market, points.worthCent))}</strong> at checkout (100
        points = {pointsWorth(100, market.currency)})
      </p>
      <dl className="member-facts">
        <dt>Pending</dt>
        <dd data-points-pending>{points.pending} points from orders not paid yet</dd>
        <dt>Expiring soon</dt>
        <dd data-points-expiring>
          {soon.points > 0 && soon.expiresAt !== null
            ? `${soon.points} points expire on ${memberDate(soon.expiresAt)}`
            : 'No points expire in the next 30 days'}
        </dd>
      </dl>
    </section>
  );
}

/** A level's benefits in the shopper's words. */
export function benefitLines(benefits: LevelBenefits, market: Market): string[] {
  const lines = [`${benefits.earnRate} ${benefits.earnRate === 1 ? 'point' : 'points'} per dollar spent on parts`];
  if (benefits.freeShippingThresholdCent !== null)
    lines.push(
      `Free shipping on orders of ${formatMoney(moneyIn(market, benefits.freeShippingThresholdCent))} or more`,
    );
  if (benefits.birthdayPoints > 0) lines.push(`${benefits.birthdayPoints} points on your birthday`);
  if (benefits.couponIds.length > 0)
    lines.push(`${benefits.couponIds.length} member ${benefits.couponIds.length === 1 ? 'coupon' : 'coupons'}`);
  return lines;
}

const addMonths = (ms: number, months: number) => {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
};

/** What the member still needs for the next level, by the shop's basis ('Spend $250.00 more by ...'). */
export function nextLevelSentence(answer: MemberLevelAnswer, market: Market, now: number): string {
  const { next, progress } = answer;
  if (!next) return 'You are at the top level. Thank you for being with us.';
  const by = memberDate(addMonths(now, progress.windowMonths));
  return progress.basis === 'SPEND'
    ? `Spend ${formatMoney(moneyIn(market, next.remaining))} more by ${by} to reach ${next.name}`
    : `Earn ${next.remaining} more points by ${by} to reach ${next.name}`;
}

/** The member's level, its benefits and the progress bar to the next. */
export function LevelCard({
  answer,
  market,
  now,
  linkToLevels = true,
}: {
  answer: MemberLevelAnswer;
  market: Market;
  now: number;
  /** The level page itself lists every level: no link to it there. */
  linkToLevels?: boolean;
}) {
  const { level, next, progress } = answer;
  const percent = next
    ? Math.min(100, Math.max(0, Math.floor((progress.value / Math.max(1, next.threshold)) * 100)))
    : 100;
  const basis = progress.basis === 'SPEND' ? 'spent on parts' : 'points earned';
  const value = progress.basis === 'SPEND' ? formatMoney(moneyIn(market, progress.value)) : `${progress.value}`;
  return (
    <section className="member-card member-level" aria-label="Member level" data-level-card={level.id}>
      <p className="member-level__name">
        <span className="member-badge" data-level-name>
          {level.name}
        </span>{' '}
        member
      </p>
      <div
        className="member-progress"
        role="progressbar"
        aria-label={next ? `Progress to ${next.name}` : 'Top level'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p data-level-next>{nextLevelSentence(answer, market, now)}</p>
      <p className="member-muted">
        {value} {basis} in the last {progress.windowMonths} months.
      </p>
      <ul className="member-benefits">
        {benefitLines(level.benefits, market).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {linkToLevels && <a href="/myAccount/member/level">All level benefits</a>}
    </section>
  );
}

/** Another level's coupons: what each gives, for that level's members only (no Claim). */
export function OtherLevelCoupons({ coupons, levelName }: { coupons: readonly MemberCoupon[]; levelName: string }) {
  return (
    <ul className="member-coupons">
      {coupons.map((coupon) => (
        <LevelCouponItem
          key={coupon.promotionId}
          coupon={coupon}
          action={<span className="member-muted">{`For ${levelName} members`}</span>}
        />
      ))}
    </ul>
  );
}
