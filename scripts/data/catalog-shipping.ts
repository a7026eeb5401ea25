// How the carriers treat a generated part (issue 40 item 4): its hazardous-materials class and its
// size class, by its part type, from the one table the shop's rules and the data check read
// (shared/shipping-limits.ts). Nothing here draws from the catalog's random sequence: adding these
// columns leaves every other value of the catalog as it was.
import { HAZMAT_BY_CATEGORY, SIZE_BY_CATEGORY } from '../../shared/shipping-limits.ts';
import { STANDARD_SHIPPING } from '../../shared/shipping.ts';
import { FREIGHT_SHIPPING } from '../../shared/shipping-options.ts';
import type { PartType } from './part-types.ts';

/** The item's shipping columns, and the options its listing names (ground only for hazardous parts). */
export function shippingColumns(part: PartType) {
  const hazmat = HAZMAT_BY_CATEGORY[part.handle] ?? null;
  const size = SIZE_BY_CATEGORY[part.handle] ?? null;
  return {
    hazmat_class: hazmat,
    size_class: size,
    ...(size === 'FREIGHT' && { logistics_list: JSON.stringify([FREIGHT_SHIPPING]) }),
    ...(hazmat && size !== 'FREIGHT' && { logistics_list: JSON.stringify([STANDARD_SHIPPING]) }),
  };
}
