/**
 * The facts of the shipping policy page written from the tables the shop runs on, so the page
 * cannot drift from checkout: where it delivers (shared/regions.ts), the options with their fees
 * and transit times and the warehouse (shared/shipping-options.ts), and the free-shipping
 * promotion in force. A section of the written page asks for them with `fill`.
 */
import { federalHolidays, formatDeliveryDate } from '../../shared/delivery-dates.ts';
import { currentLocale } from '../../shared/i18n/current.ts';
import { marketById, type MarketId } from '../../shared/markets.ts';
import { formatMoney } from '../../shared/money.ts';
import { DELIVERY_COVERAGE, deliverableRegions, noDeliveryAreas, type NoDeliveryKind } from '../../shared/regions.ts';
import { WAREHOUSES, shippingOptionsFor } from '../../shared/shipping-options.ts';
import { frenchFacts } from './shipping-policy-fr.ts';
import type { FreeShippingPromise } from '../../shared/promotions/describe.ts';
import type { InfoPageContent, PolicyFill } from './text.ts';

type Section = InfoPageContent['sections'][number];

export type { PolicyFill } from './text.ts';

const KIND_NOTE: Readonly<Record<NoDeliveryKind, string>> = {
  territory: 'US territory',
  military: 'military mail',
  country: 'freely associated state',
};

const hour12 = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'am' : 'pm'}`;

/** The paragraphs and list one fill adds for a market, in the page's language. */
function facts(
  fill: PolicyFill,
  market: MarketId,
  freeShipping: FreeShippingPromise | null,
  now: number,
): Omit<Section, 'id' | 'heading'> {
  return currentLocale() === 'fr'
    ? frenchFacts(fill, market, freeShipping, now)
    : englishFacts(fill, market, freeShipping, now);
}

function englishFacts(
  fill: PolicyFill,
  market: MarketId,
  freeShipping: FreeShippingPromise | null,
  now: number,
): Omit<Section, 'id' | 'heading'> {
  const { currency } = marketById(market);
  const money = (cent: number) => formatMoney({ cent, currency });
  const warehouse = WAREHOUSES[market];
  switch (fill) {
    case 'delivers-to':
      return {
        paragraphs: [`We ship to ${DELIVERY_COVERAGE[market]}:`],
        list: deliverableRegions(market).map((region) => region.name),
      };
    case 'no-delivery': {
      const areas = noDeliveryAreas(market);
      if (areas.length === 0) return {};
      return {
        paragraphs: ['Nor do we ship to these areas; checkout refuses addresses there:'],
        list: areas.map((area) => `${area.name} (${KIND_NOTE[area.kind]})`),
      };
    }
    case 'shipping-options':
      return {
        list: shippingOptionsFor(market).map(
          (option) =>
            `${option.name}: ${money(option.firstFreight)} for the first item and ${money(option.additionalFreight)} ` +
            `for each additional item (${money(option.remoteFee)} more to a remote area); ` +
            `${option.transitDays[0]} to ${option.transitDays[1]} business days in transit near our warehouse.`,
        ),
      };
    case 'free-shipping':
      return { paragraphs: freeShipping ? [`${freeShipping.text}, applied automatically: no code needed.`] : [] };
    case 'delivery-estimates': {
      const zoneBy = market === 'us' ? "a ZIP code's first digit" : "a postal code's first letter";
      const holidays = federalHolidays(market, new Date(now).getUTCFullYear()).map(formatDeliveryDate);
      return {
        paragraphs: [
          `Orders placed on a business day before ${hour12(warehouse.cutoffHour)} (warehouse time) leave our ` +
            `warehouse in ${warehouse.city}, ${warehouse.region} the same day; later orders leave the next ` +
            'business day.',
          "The date range adds the option's transit time, plus one business day for every two zones between the " +
            `warehouse and your address (${zoneBy} gives its zone), and two more for remote areas. Carriers do not ` +
            `deliver on weekends or on these holidays this year: ${holidays.join('; ')}.`,
        ],
      };
    }
  }
}

const FILLS: ReadonlySet<string> = new Set<PolicyFill>([
  'delivers-to',
  'no-delivery',
  'shipping-options',
  'free-shipping',
  'delivery-estimates',
]);

/** Whether a page has sections to fill from the shop's tables. */
export function needsShopFacts(page: InfoPageContent): boolean {
  return page.sections.some((section) => section.fill !== undefined && FILLS.has(section.fill));
}

/** The page with each `fill` section's facts added after its written paragraphs and list. */
export function withShopFacts(
  page: InfoPageContent,
  market: MarketId,
  freeShipping: FreeShippingPromise | null,
  now: number,
): InfoPageContent {
  return {
    ...page,
    sections: page.sections.map((section) => {
      if (!section.fill || !FILLS.has(section.fill)) return section;
      const added = facts(section.fill as PolicyFill, market, freeShipping, now);
      const list = [...(section.list ?? []), ...(added.list ?? [])];
      return {
        ...section,
        paragraphs: [...(section.paragraphs ?? []), ...(added.paragraphs ?? [])],
        ...(list.length > 0 ? { list } : {}),
      };
    }),
  };
}
