/**
 * The shipping policy's facts in French (shipping-policy.ts writes them in English): the same tables,
 * with the regions and options as the French site names them and money and dates in fr-CA.
 */
import { federalHolidays, formatDeliveryDate } from '../../shared/delivery-dates.ts';
import { marketById, type MarketId } from '../../shared/markets.ts';
import { formatMoney } from '../../shared/money.ts';
import { deliverableRegions, noDeliveryAreas, regionName, type NoDeliveryKind } from '../../shared/regions.ts';
import { shippingOptionName } from '../../shared/shipping.ts';
import { WAREHOUSES, shippingOptionsFor } from '../../shared/shipping-options.ts';
import type { FreeShippingPromise } from '../../shared/promotions/describe.ts';
import type { InfoPageContent, PolicyFill } from './text.ts';

type Section = InfoPageContent['sections'][number];

const COVERAGE: Readonly<Record<MarketId, string>> = {
  us: 'aux 50 États et au district de Columbia',
  ca: 'dans toutes les provinces et tous les territoires du Canada',
};

const KIND_NOTE: Readonly<Record<NoDeliveryKind, string>> = {
  territory: 'territoire des États-Unis',
  military: 'courrier militaire',
  country: 'État librement associé',
};

/** The paragraphs and list one fill adds for a market, in French. */
export function frenchFacts(
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
        paragraphs: [`Nous livrons ${COVERAGE[market]} :`],
        list: deliverableRegions(market).map(regionName),
      };
    case 'no-delivery': {
      const areas = noDeliveryAreas(market);
      if (areas.length === 0) return {};
      return {
        paragraphs: [
          "Nous ne livrons pas non plus dans ces régions; la caisse refuse les adresses qui s'y " + 'trouvent :',
        ],
        list: areas.map((area) => `${area.name} (${KIND_NOTE[area.kind]})`),
      };
    }
    case 'shipping-options':
      return {
        list: shippingOptionsFor(market).map(
          (option) =>
            `${shippingOptionName(option.name)} : ${money(option.firstFreight)} pour le premier article et ` +
            `${money(option.additionalFreight)} par article supplémentaire (${money(option.remoteFee)} de plus ` +
            `vers une région éloignée); de ${option.transitDays[0]} à ${option.transitDays[1]} jours ouvrables ` +
            'de transport près de notre entrepôt.',
        ),
      };
    case 'free-shipping':
      return {
        paragraphs: freeShipping ? [`${freeShipping.text}, appliquée automatiquement : aucun code requis.`] : [],
      };
    case 'delivery-estimates': {
      const zoneBy = market === 'us' ? 'le premier chiffre du code ZIP' : 'la première lettre du code postal';
      const holidays = federalHolidays(market, new Date(now).getUTCFullYear()).map(formatDeliveryDate);
      return {
        paragraphs: [
          `Les commandes passées un jour ouvrable avant ${warehouse.cutoffHour} h (heure de l'entrepôt) quittent ` +
            `notre entrepôt de ${warehouse.city} (${warehouse.region}) le jour même; les commandes plus tardives ` +
            'partent le jour ouvrable suivant.',
          "La plage de dates ajoute le délai de transport de l'option, plus un jour ouvrable par tranche de deux " +
            `zones entre l'entrepôt et votre adresse (${zoneBy} en donne la zone), et deux de plus pour les ` +
            `régions éloignées. Les transporteurs ne livrent pas la fin de semaine ` +
            `ni lors de ces jours fériés cette ` +
            `année : ${holidays.join('; ').replace(/\.?$/, '.')}`,
        ],
      };
    }
  }
}
