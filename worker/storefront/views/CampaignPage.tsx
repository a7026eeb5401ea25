import Countdown from '../../../client/islands/Countdown.tsx';
import { CAMPAIGN_MSG, campaignTime, type HeroBanner, marketWords } from '../../../shared/content/campaign.ts';
import type { Currency } from '../../../shared/markets.ts';
import { ProductCard } from '../../catalog/views/ProductCard.tsx';
import { Island } from '../../platform/render/Island.tsx';
import type { CampaignPage as CampaignPageData, CampaignSection } from '../campaign.ts';
import type { InfoPageContent } from '../../content/service.ts';
import { staticAsset } from '../../platform/build-info.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

/** A hero banner: the mobile image at 768 px or less, the wide one above. */
function Hero({ banner, currency }: { banner: HeroBanner; currency: Currency }) {
  return (
    <picture className="campaign-hero">
      <source media="(max-width: 768px)" srcSet={staticAsset(banner.mobileImage)} width={600} height={400} />
      <img src={staticAsset(banner.image)} alt={marketWords(banner.alt, currency)} width={1200} height={300} />
    </picture>
  );
}

/** When: the countdown while it runs, else the window in words. */
function When({ page }: { page: CampaignPageData }) {
  const { config, state, now } = page;
  if (state === 'UPCOMING' && config.startTime)
    return <p className="campaign-when">{m.campaign_starts({ date: campaignTime(config.startTime) })}</p>;
  if (page.countdown && config.countdownEnd)
    return (
      <div className="campaign-when">
        <Island
          name="Countdown"
          component={Countdown}
          props={{
            endsAt: config.countdownEnd,
            now,
            label: CAMPAIGN_MSG.countdownLabel,
            endedText: CAMPAIGN_MSG.countdownEnded,
          }}
        />
      </div>
    );
  return config.endTime ? (
    <p className="campaign-when">{m.campaign_until({ date: campaignTime(config.endTime) })}</p>
  ) : null;
}

/** The codes the campaign advertises; before it starts, each says from when it works. */
function Codes({ page, currency }: { page: CampaignPageData; currency: Currency }) {
  const { config, state } = page;
  if (config.promotionCodes.length === 0) return null;
  const from =
    state === 'UPCOMING' && config.startTime
      ? ` ${m.campaign_code_from({ date: campaignTime(config.startTime) })}`
      : '';
  return (
    <ul className="campaign-codes" aria-label={m.campaign_codes_label()}>
      {config.promotionCodes.map((entry) => (
        <li key={entry.code} className="campaign-code" data-code={entry.code}>
          <span className="campaign-code__words">{marketWords(entry.value, currency)}</span>
          <span>
            {m.campaign_use_code()} <code>{entry.code}</code> {m.campaign_in_cart()}
            {from}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Section({ section }: { section: CampaignSection }) {
  if (section.cards.length === 0) return null;
  return (
    <section className="campaign-range">
      <div className="campaign-range__head">
        <h2>{section.heading}</h2>
        {section.href && <a href={section.href}>{m.campaign_see_all()}</a>}
      </div>
      <ul className="product-grid">
        {section.cards.map((product) => (
          <ProductCard key={product.itemId} product={product} />
        ))}
      </ul>
    </section>
  );
}

/** The sale's written terms under the campaign (the Easter sale keeps its info text). */
function Terms({ info }: { info: InfoPageContent }) {
  return (
    <div className="campaign-terms">
      {info.sections.map((section) => (
        <section key={section.id} id={section.id}>
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

export interface CampaignPageProps {
  page: CampaignPageData;
  currency: Currency;
  /** Where an ended campaign sends shoppers: the current deals. */
  currentDeals: { label: string; href: string }[];
  info?: InfoPageContent | null;
}

/** A campaign or sale page (§3 campaign config): banners, when, codes and ranges; an ended state after its end. */
export function CampaignPage({ page, currency, currentDeals, info }: CampaignPageProps) {
  const { config, state } = page;
  const ended = state === 'ENDED';
  return (
    <article className="campaign-page" data-campaign={config.slug} data-state={state}>
      {!ended && config.heroBanners.map((banner) => <Hero key={banner.image} banner={banner} currency={currency} />)}
      <h1>{config.title}</h1>
      {ended ? (
        <div className="campaign-ended" role="status">
          <p className="campaign-ended__title">{m.countdown_offer_ended()}</p>
          <p>{m.campaign_see_deals()}</p>
          <ul className="campaign-ended__links">
            {currentDeals.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          {config.intro && <p className="campaign-intro">{marketWords(config.intro, currency)}</p>}
          <When page={page} />
          <Codes page={page} currency={currency} />
          {page.sections.map((section) => (
            <Section key={section.heading} section={section} />
          ))}
        </>
      )}
      {info && <Terms info={info} />}
    </article>
  );
}
