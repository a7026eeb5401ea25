import type { LevelBenefits, MemberLevelAnswer, MemberPointsAnswer } from '../../../shared/api/members.ts';
import type { Market } from '../../../shared/markets.ts';
import { formatMoney, moneyIn } from '../../../shared/money.ts';
import { LevelCouponItem } from '../../../client/islands/MemberLevelCoupons.tsx';
import {
  around,
  type MemberCoupon,
  memberDate,
  pointsNumber,
  pointsWorth,
} from '../../../client/islands/member-parts.tsx';
import * as m from '../../../shared/i18n/generated/messages.js';

/** The balance, what it is worth, pending points and what expires soon. */
export function PointsCard({ points, market }: { points: MemberPointsAnswer; market: Market }) {
  const soon = points.expiringSoon;
  const worth = formatMoney(moneyIn(market, points.worthCent));
  return (
    <section className="member-card member-points" aria-label={m.member_balance_label()} data-points-card>
      <p className="member-points__balance">
        <strong data-points-balance>{pointsNumber(points.balance)}</strong>{' '}
        {m.member_points_word({ count: points.balance })}
      </p>
      <p>
        {m.member_worth_before()} <strong data-points-worth>{worth}</strong>{' '}
        {m.member_worth_after({ worth: pointsWorth(100, market.currency) })}
      </p>
      <dl className="member-facts">
        <dt>{m.member_pending()}</dt>
        <dd data-points-pending>
          {m.member_pending_points({ count: points.pending, shown: pointsNumber(points.pending) })}
        </dd>
        <dt>{m.member_expiring()}</dt>
        <dd data-points-expiring>
          {soon.points > 0 && soon.expiresAt !== null
            ? m.member_expire_on({
                count: soon.points,
                shown: pointsNumber(soon.points),
                date: memberDate(soon.expiresAt),
              })
            : m.member_none_expire()}
        </dd>
      </dl>
    </section>
  );
}

/** A level's benefits in the shopper's words. */
export function benefitLines(benefits: LevelBenefits, market: Market): string[] {
  const rate = benefits.earnRate;
  const lines = [m.member_benefit_earn({ count: rate, rate: pointsNumber(rate) })];
  if (benefits.freeShippingThresholdCent !== null)
    lines.push(
      m.member_benefit_free_shipping({ money: formatMoney(moneyIn(market, benefits.freeShippingThresholdCent)) }),
    );
  if (benefits.birthdayPoints > 0)
    lines.push(
      m.member_benefit_birthday({ count: benefits.birthdayPoints, shown: pointsNumber(benefits.birthdayPoints) }),
    );
  if (benefits.couponIds.length > 0) lines.push(m.member_benefit_coupons({ count: benefits.couponIds.length }));
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
  if (!next) return m.member_top_level();
  const date = memberDate(addMonths(now, progress.windowMonths));
  return progress.basis === 'SPEND'
    ? m.member_spend_more({ money: formatMoney(moneyIn(market, next.remaining)), date, level: next.name })
    : m.member_earn_more({ count: next.remaining, shown: pointsNumber(next.remaining), date, level: next.name });
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
  const window = { months: progress.windowMonths };
  const spent =
    progress.basis === 'SPEND'
      ? m.member_window_spend({ value: formatMoney(moneyIn(market, progress.value)), ...window })
      : m.member_window_points({ value: pointsNumber(progress.value), ...window });
  const [before, after] = around((mark) => m.member_level_named({ level: mark }));
  return (
    <section className="member-card member-level" aria-label={m.member_level_label()} data-level-card={level.id}>
      <p className="member-level__name">
        {before}
        <span className="member-badge" data-level-name>
          {level.name}
        </span>
        {after}
      </p>
      <div
        className="member-progress"
        role="progressbar"
        aria-label={next ? m.member_progress_to({ level: next.name }) : m.member_top_level_short()}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p data-level-next>{nextLevelSentence(answer, market, now)}</p>
      <p className="member-muted">{spent}</p>
      <ul className="member-benefits">
        {benefitLines(level.benefits, market).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {linkToLevels && <a href="/myAccount/member/level">{m.member_all_benefits()}</a>}
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
          action={<span className="member-muted">{m.member_for_level({ level: levelName })}</span>}
        />
      ))}
    </ul>
  );
}
