// The core charge of a generated part (issue 40): the deposit peers take on the old part of a
// remanufacturable kind, the same for every part of the kind, in each market's currency (CAD at the
// shop's price ratio, rounded to whole dollars as peers print them). Nothing here draws from the
// catalog's random sequence: adding the column leaves every other value of the catalog as it was.
import type { PartType } from './part-types.ts';

/** The US core charge by part type, in cents: what RockAuto and AutoZone list for these kinds. */
const CORE_CHARGE_USD: Readonly<Record<string, number>> = {
  alternators: 4_500,
  starters: 3_500,
  'brake-calipers': 2_500,
  batteries: 1_800,
};

/** The Canadian charge: the US one at the catalog's exchange of prices, whole dollars. */
const CAD_PER_USD = 1.36;

/** The part's core charge in the currency, in cents; null for a part with no core. */
export function coreChargeOf(part: PartType, currency: 'USD' | 'CAD'): number | null {
  if (!part.core) return null;
  const usd = CORE_CHARGE_USD[part.handle];
  if (usd === undefined) throw new Error(`no core charge is set for ${part.handle}, a part type with a core`);
  return currency === 'USD' ? usd : Math.round((usd * CAD_PER_USD) / 100) * 100;
}
