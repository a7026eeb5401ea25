import type { CartLineView, CartLinesView, ShipRefusal } from '../../shared/cart.ts';
import type { Market } from '../../shared/markets.ts';
import { emissionsRefusal, emissionsRefusalText, prop65Applies } from '../../shared/regulated-parts.ts';
import { legalAlternatives } from '../catalog/service.ts';
import { lookupPostalCode } from '../shipping/service.ts';
import { vehiclePath } from '../vehicles/service.ts';

/**
 * Where the cart or checkout is going: the address's state at checkout, else the state of the
 * postal code the cart estimates shipping for (an unknown or malformed code is no state).
 */
export interface ShipTo {
  regionCode?: string | null;
  postCode?: string | null;
}

/** Whether a line may need the ship-to state: a part the law restricts somewhere, or one with a Prop 65 listing. */
const regulated = (line: CartLineView) =>
  line.usable && ((line.emissions !== null && line.emissions.status !== 'FIFTY_STATE') || line.prop65 !== null);

async function shipToState(db: D1Database, market: Market, shipTo: ShipTo): Promise<string | null> {
  if (shipTo.regionCode) return shipTo.regionCode;
  if (!shipTo.postCode) return null;
  return (await lookupPostalCode(db, market.id, shipTo.postCode)).stateCode || null;
}

/**
 * The cart's lines for where they are going (issue 40): a part the ship-to state does not allow
 * (shared/regulated-parts.ts: California for emissions parts without a CARB EO number, the states
 * that follow it for converters) says why, naming it, with the 50-state parts that fit the
 * shopper's vehicle instead; a part with a Prop 65 listing keeps it only for a California address.
 * Nothing is read from D1 unless a line is regulated and the shipping goes somewhere known.
 */
export async function regulateLines(
  db: D1Database,
  lines: CartLinesView,
  market: Market,
  shipTo: ShipTo,
  vehicleId: number | null,
): Promise<CartLinesView> {
  const state = lines.items.some(regulated) ? await shipToState(db, market, shipTo) : null;
  const warned = prop65Applies(market.id, state);
  const vehicles = new Map<number, Promise<Awaited<ReturnType<typeof vehiclePath>>>>();
  const vehicleOf = (id: number | null) => {
    if (id === null) return Promise.resolve(null);
    if (!vehicles.has(id))
      vehicles.set(
        id,
        vehiclePath(db, id).catch(() => null),
      );
    return vehicles.get(id)!;
  };
  const items = await Promise.all(
    lines.items.map(async (line): Promise<CartLineView> => {
      const prop65 = warned ? line.prop65 : null;
      if (!state || !line.usable || !line.emissions) return { ...line, prop65, shipRefusal: null };
      const to = { market: market.id, regionCode: state };
      const vehicleIdOf = vehicleId ?? line.attributeValueId;
      let rule = emissionsRefusal(line.emissions, to, null);
      // A rule from a model year on: the shopper's vehicle says whether it applies (unknown: it does).
      if (rule?.fromModelYear)
        rule = emissionsRefusal(line.emissions, to, (await vehicleOf(vehicleIdOf))?.modelYear ?? null);
      if (!rule) return { ...line, prop65, shipRefusal: null };
      return { ...line, prop65, shipRefusal: await refusalOf(db, market, line, state, vehicleIdOf, vehicleOf) };
    }),
  );
  return { ...lines, items };
}

async function refusalOf(
  db: D1Database,
  market: Market,
  line: CartLineView,
  state: string,
  vehicleId: number | null,
  vehicleOf: (id: number | null) => Promise<{ name: string; modelYear: number | null } | null>,
): Promise<ShipRefusal> {
  const to = { market: market.id, regionCode: state };
  const vehicle = await vehicleOf(vehicleId);
  const rule = emissionsRefusal(line.emissions, to, vehicle?.modelYear ?? null)!;
  const cards = vehicle
    ? await legalAlternatives(
        db,
        market.id,
        { itemId: line.itemId, backCategoryId: line.categoryIds[0] ?? 0, kind: line.emissions!.kind },
        vehicleId,
      )
    : [];
  return {
    message: emissionsRefusalText(line.title, rule),
    state,
    vehicleName: vehicle?.name ?? null,
    alternatives: cards.map((card) => ({
      itemId: card.itemId,
      title: card.title,
      urlHandle: card.urlHandle,
      price: card.discountPrice,
      currency: card.currency,
    })),
  };
}
