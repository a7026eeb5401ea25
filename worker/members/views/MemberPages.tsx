import type {
  MemberLevelAnswer,
  MemberPointsAnswer,
  PointsLogAnswer,
  PointsLogEntry,
} from '../../../shared/api/members.ts';
import type { Market } from '../../../shared/markets.ts';
import { formatMoney, moneyIn } from '../../../shared/money.ts';
import type { PointsLogKind } from '../../../shared/members.ts';
import MemberCoupons from '../../../client/islands/MemberCoupons.tsx';
import MemberLevelCoupons from '../../../client/islands/MemberLevelCoupons.tsx';
import MemberPointsLog from '../../../client/islands/MemberPointsLog.tsx';
import { type MemberCoupon, PointsLogTable } from '../../../client/islands/member-parts.tsx';
import { Island } from '../../platform/render/Island.tsx';
import { MemberArea } from './MemberArea.tsx';
import { benefitLines, LevelCard, OtherLevelCoupons, PointsCard } from './MemberCards.tsx';

/** What the member overview (/myAccount?type=member) shows. */
export interface MemberOverviewData {
  points: MemberPointsAnswer;
  level: MemberLevelAnswer;
  latest: PointsLogEntry[];
  /** The wallet and the coupons the member can redeem. */
  coupons: MemberCoupon[];
}

const couponsIsland = (points: MemberPointsAnswer, coupons: MemberCoupon[], market: Market) => (
  <Island
    name="MemberCoupons"
    component={MemberCoupons}
    props={{ balance: points.balance, currency: market.currency, coupons }}
  />
);

/** My points: balance, level and progress, the latest activity, coupons to redeem and the wallet. */
export function MemberOverview({ data, market, now }: { data: MemberOverviewData; market: Market; now: number }) {
  return (
    <MemberArea heading="My points" current="/myAccount?type=member">
      <div className="member-grid">
        <PointsCard points={data.points} market={market} />
        <LevelCard answer={data.level} market={market} now={now} />
      </div>
      <section className="member-card" aria-label="Latest activity">
        <h2>Latest activity</h2>
        <PointsLogTable entries={data.latest} />
        <a href="/myAccount/member/history">See the full history</a>
      </section>
      {couponsIsland(data.points, data.coupons, market)}
    </MemberArea>
  );
}

const thresholdText = (answer: MemberLevelAnswer, threshold: number, market: Market) =>
  answer.progress.basis === 'SPEND'
    ? `${formatMoney(moneyIn(market, threshold))} spent on parts in ${answer.progress.windowMonths} months`
    : `${threshold} points earned in ${answer.progress.windowMonths} months`;

/** A level's coupons: the member's own level's with Claim (an island), another level's for its members only. */
function LevelCoupons({ coupons, levelName, mine }: { coupons: MemberCoupon[]; levelName: string; mine: boolean }) {
  if (coupons.length === 0) return null;
  return (
    <section aria-label={`${levelName} coupons`}>
      <h3>Level coupons</h3>
      {mine ? (
        <Island name="MemberLevelCoupons" component={MemberLevelCoupons} props={{ coupons }} />
      ) : (
        <OtherLevelCoupons coupons={coupons} levelName={levelName} />
      )}
    </section>
  );
}

/** Every level with what it needs and gives, and its coupons; the member's own is marked. */
export function MemberLevelPage({
  answer,
  coupons,
  market,
  now,
}: {
  answer: MemberLevelAnswer;
  /** The levels' coupons as the member's wallet shows them (levelCoupons). */
  coupons: MemberCoupon[];
  market: Market;
  now: number;
}) {
  return (
    <MemberArea heading="Level benefits" current="/myAccount/member/level">
      <LevelCard answer={answer} market={market} now={now} linkToLevels={false} />
      <ol className="member-levels">
        {answer.levels.map((level) => {
          const mine = level.id === answer.level.id;
          return (
            <li key={level.id} className={mine ? 'member-card is-mine' : 'member-card'} data-level={level.id}>
              <h2>
                {level.name} {mine && <span className="member-badge">Your level</span>}
              </h2>
              <p className="member-muted">
                {level.threshold === 0 ? 'Every member' : thresholdText(answer, level.threshold, market)}
              </p>
              <ul className="member-benefits">
                {benefitLines(level.benefits, market).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <LevelCoupons
                coupons={coupons.filter((coupon) => level.benefits.couponIds.includes(coupon.promotionId))}
                levelName={level.name}
                mine={mine}
              />
            </li>
          );
        })}
      </ol>
    </MemberArea>
  );
}

/** The coupon centre and the wallet. */
export function MemberCouponsPage({
  points,
  coupons,
  market,
}: {
  points: MemberPointsAnswer;
  coupons: MemberCoupon[];
  market: Market;
}) {
  return (
    <MemberArea heading="Coupons" current="/myAccount/member/coupons">
      {couponsIsland(points, coupons, market)}
    </MemberArea>
  );
}

/** The whole points log, filtered by kind and paged. */
export function MemberHistoryPage({ log, kind }: { log: PointsLogAnswer; kind: PointsLogKind | null }) {
  return (
    <MemberArea heading="Points history" current="/myAccount/member/history">
      <Island name="MemberPointsLog" component={MemberPointsLog} props={{ log, kind }} />
    </MemberArea>
  );
}
