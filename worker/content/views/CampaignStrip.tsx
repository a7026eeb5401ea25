import Countdown from '../../../client/islands/Countdown.tsx';
import { CAMPAIGN_MSG, type CountdownStrip } from '../../../shared/content/campaign.ts';
import { Island } from '../../platform/render/Island.tsx';

/** The running campaign's strip on the pages of its countdown list: its HOME_TOP words and the countdown. */
export function CampaignStrip({ strip, now }: { strip: CountdownStrip; now: number }) {
  return (
    <a className="campaign-strip" href={strip.href} data-campaign-strip="">
      <span className="campaign-strip__text">{strip.text}</span>
      <Island
        name="Countdown"
        component={Countdown}
        props={{
          endsAt: strip.endsAt,
          now,
          label: CAMPAIGN_MSG.countdownLabel,
          endedText: CAMPAIGN_MSG.countdownEnded,
        }}
      />
    </a>
  );
}
