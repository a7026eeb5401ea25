import type { Market } from '../../../shared/markets.ts';
import { MEMBER_POINTS } from '../../../shared/members.ts';
import { formatMoney, moneyIn } from '../../../shared/money.ts';
import { POINTS_PER_DOLLAR } from '../../../shared/promotion-words.ts';
import type { ShopSettings } from '../../../shared/settings.ts';
import { pointsNumber, pointsWorth } from '../../../client/islands/member-parts.tsx';
import { currentLocale } from '../../../shared/i18n/current.ts';
import * as m from '../../../shared/i18n/generated/messages.js';
import { MemberArea } from './MemberArea.tsx';

type Levels = ShopSettings['MEMBER_LEVELS'];

function levelNeeds(levels: Levels, threshold: number, market: Market): string {
  if (threshold === 0) return m.member_rule_every();
  const months = MEMBER_POINTS.levelWindowMonths;
  return levels.basis === 'SPEND'
    ? m.member_rule_spend({ money: formatMoney(moneyIn(market, threshold)), months })
    : m.member_rule_points({ count: threshold, shown: pointsNumber(threshold), months });
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
  const months = MEMBER_POINTS.levelWindowMonths;
  const named = (level: Levels['levels'][number]) =>
    currentLocale() === 'fr' ? (level.nameFr ?? level.name) : level.name;
  return (
    <MemberArea heading={m.member_nav_rules()} current="/myAccount/member/rule" signedIn={signedIn}>
      <section className="member-card member-rules" aria-label={m.member_rules_earning()}>
        <h2>{m.member_rules_earning()}</h2>
        <p>
          {levels.basis === 'SPEND' ? m.member_rules_intro_spend({ months }) : m.member_rules_intro_points({ months })}
        </p>
        <table className="member-rules__levels" data-rule-levels>
          <thead>
            <tr>
              <th scope="col">{m.member_rules_col_level()}</th>
              <th scope="col">{m.member_rules_col_reached()}</th>
              <th scope="col">{m.member_rules_col_rate()}</th>
              <th scope="col">{m.member_rules_col_birthday()}</th>
            </tr>
          </thead>
          <tbody>
            {levels.levels.map((level) => (
              <tr key={level.id} data-rule-level={level.id}>
                <th scope="row">{named(level)}</th>
                <td>{levelNeeds(levels, level.threshold, market)}</td>
                <td data-earn-rate>{pointsNumber(level.benefits.earnRate)}</td>
                <td data-birthday-points>
                  {level.benefits.birthdayPoints ? pointsNumber(level.benefits.birthdayPoints) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>{m.member_rules_added()}</p>
        <p>
          {m.member_rules_birthday_before()} <a href="/myAccount">{m.member_rules_birthday_link()}</a>{' '}
          {m.member_rules_birthday_after()}
        </p>
      </section>
      <section className="member-card member-rules" aria-label={m.member_rules_using()}>
        <h2>{m.member_rules_using()}</h2>
        <ul>
          <li>
            {m.member_rules_checkout({
              points: POINTS_PER_DOLLAR,
              worth: pointsWorth(POINTS_PER_DOLLAR, market.currency),
            })}
          </li>
          <li>
            {m.member_rules_coupons_before()} <a href="/myAccount/member/coupons">{m.member_rules_coupons_link()}</a>
            {m.member_rules_coupons_after()}
          </li>
          <li>{m.member_rules_refunds()}</li>
        </ul>
      </section>
      <section className="member-card member-rules" aria-label={m.member_rules_expiry()}>
        <h2>{m.member_rules_expiry()}</h2>
        <p data-expiry-rule>
          {m.member_rules_expiry_text({
            months: expiryMonths,
            days: MEMBER_POINTS.emailDaysBefore,
            window: MEMBER_POINTS.reminderDays,
          })}
        </p>
      </section>
    </MemberArea>
  );
}
