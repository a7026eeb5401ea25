import type { Market } from '../../../shared/markets.ts';
import { MEMBER_POINTS } from '../../../shared/members.ts';
import { formatMoney, moneyIn } from '../../../shared/money.ts';
import { POINTS_PER_DOLLAR } from '../../../shared/promotion-words.ts';
import type { ShopSettings } from '../../../shared/settings.ts';
import { pointsWorth } from '../../../client/islands/member-parts.tsx';
import { MemberArea } from './MemberArea.tsx';

type Levels = ShopSettings['MEMBER_LEVELS'];

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

function levelNeeds(levels: Levels, threshold: number, market: Market): string {
  if (threshold === 0) return 'every member';
  const window = `in the last ${MEMBER_POINTS.levelWindowMonths} months`;
  return levels.basis === 'SPEND'
    ? `${formatMoney(moneyIn(market, threshold))} spent on parts ${window}`
    : `${plural(threshold, 'point')} earned ${window}`;
}

/** The reward rules, written from the live shop settings (levels, earn rates, expiry). */
export function MemberRulesPage({
  levels,
  expiryMonths,
  market,
  signedIn,
}: {
  levels: Levels;
  expiryMonths: number;
  market: Market;
  signedIn: boolean;
}) {
  return (
    <MemberArea heading="Reward rules" current="/myAccount/member/rule" signedIn={signedIn}>
      <section className="member-card member-rules" aria-label="Earning points">
        <h2>Earning points</h2>
        <p>
          Members earn points on every paid order, by their level. Your level is set by{' '}
          {levels.basis === 'SPEND' ? 'what you spend on parts' : 'the points you earn'} in the last{' '}
          {MEMBER_POINTS.levelWindowMonths} months.
        </p>
        <table className="member-rules__levels" data-rule-levels>
          <thead>
            <tr>
              <th scope="col">Level</th>
              <th scope="col">Reached with</th>
              <th scope="col">Points per dollar</th>
              <th scope="col">Birthday points</th>
            </tr>
          </thead>
          <tbody>
            {levels.levels.map((level) => (
              <tr key={level.id} data-rule-level={level.id}>
                <th scope="row">{level.name}</th>
                <td>{levelNeeds(levels, level.threshold, market)}</td>
                <td data-earn-rate>{level.benefits.earnRate}</td>
                <td data-birthday-points>{level.benefits.birthdayPoints || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Points are added when an order is paid, for each whole dollar you pay for parts. Shipping, tax and the part of
          an order paid with points earn no points.
        </p>
        <p>
          Set your birthday (month and day) in <a href="/myAccount">your account</a> to get your level's birthday points
          on that day, once a year; a February 29 birthday counts on February 28 in other years.
        </p>
      </section>
      <section className="member-card member-rules" aria-label="Using points">
        <h2>Using points</h2>
        <ul>
          <li>
            At checkout, {POINTS_PER_DOLLAR} points = {pointsWorth(POINTS_PER_DOLLAR, market.currency)} off parts
            (points never pay for shipping).
          </li>
          <li>
            Some coupons can be bought with points in the <a href="/myAccount/member/coupons">coupon centre</a>: the
            points are taken when you redeem and the coupon goes to your wallet, ready for checkout.
          </li>
          <li>
            When an order is refunded or cancelled, the points it earned are taken back and the points spent on it are
            given back.
          </li>
        </ul>
      </section>
      <section className="member-card member-rules" aria-label="Expiry">
        <h2>Expiry</h2>
        <p data-expiry-rule>
          {`Points expire ${plural(expiryMonths, 'month')} after they were earned, oldest first. We remind you ` +
            `${MEMBER_POINTS.emailDaysBefore} days before by email, and your account shows what expires in the ` +
            `next ${MEMBER_POINTS.reminderDays} days.`}
        </p>
      </section>
    </MemberArea>
  );
}
