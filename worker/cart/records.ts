import type { CartItemType } from '../../shared/cart.ts';

/**
 * The cart domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

export interface CartRecord {
  uuid: string;
  tokenHash: string;
  accountId: number | null;
  promotionCodes: string[];
  couponIds: number[];
  kind: 'CART' | 'BUY_NOW';
  /** Points set aside for this checkout (lock/integral). */
  pointsLocked: number;
}
export interface CartLineRecord {
  skuId: number;
  itemType: CartItemType;
  /** '' when the line is not part of a bundle. */
  bundleId: string;
  itemCount: number;
  attributeValueId: number | null;
  campaignId: number | null;
  addedAt: number;
}
/** What the catalog says about a SKU in one market, for pricing and availability. */
export interface SkuFacts {
  skuId: number;
  itemId: number;
  title: string;
  partNumber: string;
  /** The item's status in this market (§3 usStatus / caStatus). */
  status: string;
  availableTotal: number;
  discountPrice: number | null;
  originalPrice: number | null;
  /** The refundable core charge of one unit in this market's currency; null for a part with no core. */
  coreCharge: number | null;
  imageUrl: string | null;
  urlHandle: string | null;
  seoId: number | null;
  brandId: number | null;
  backCategoryId: number;
  /** The back category's parent and grandparent: a promotion on a parent category covers its children. */
  parentCategoryId: number | null;
  grandCategoryId: number | null;
  nonVehicle: number;
  /** What the law says of the part (issue 40): its emissions kind, status and EO, its Prop 65 listing. */
  emissionsKind: string | null;
  emissionsStatus: string | null;
  carbEo: string | null;
  prop65Kind: string | null;
  prop65Chemicals: string | null;
  /** How the carriers treat it (shared/shipping-limits.ts). */
  hazmatClass: string | null;
  sizeClass: string | null;
}
/** What a change reads before writing: the facts of the SKUs it names and the cart's lines. */
export interface BeforeChange {
  facts: Map<number, SkuFacts>;
  lines: CartLineRecord[];
}
