import type { SearchRecord } from '../../shared/catalog-types.ts';
import type { Currency } from '../../shared/markets.ts';

/**
 * The catalog domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

/**
 * A product card as the SQL returns it (the same row a search returns): the record's fields, with
 * its flags as 0/1 and no currency.
 */
export type CardRecord = Omit<SearchRecord, 'currency' | 'vehicleUniversal' | 'nonVehicle' | 'fits'> & {
  vehicleUniversal: number;
  nonVehicle: number;
  fits: number | null;
  /** The sales the orders end on (the search's rows carry it; the catalog's cards need not). */
  sales?: number;
};

export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  handle: string;
  imageUrl: string | null;
  /** For a front (navigation) category: the back category whose items it shows. */
  backId: number | null;
}

export interface CollectionPageRecord {
  id: number;
  name: string;
  handle: string;
  description: string | null;
  imageUrl: string | null;
  parentHandle: string | null;
  parentName: string | null;
}

export interface ItemRecord {
  id: number;
  title: string;
  subTitle: string | null;
  detailContent: string | null;
  installation: string | null;
  warranty: string | null;
  country: string | null;
  quantity: number;
  vehicleUniversal: number;
  nonVehicle: number;
  alt: string | null;
  specialNote: string | null;
  itemCondition: string;
  status: string;
  usStatus: string;
  caStatus: string;
  backCategoryId: number;
  brandId: number | null;
  brandName: string | null;
  reviewRating: number | null;
  reviewCount: number;
  sales: number;
  /** An emissions part's kind, legal status and CARB EO number (shared/regulated-parts.ts reads them). */
  emissionsKind: string | null;
  emissionsStatus: string | null;
  carbEo: string | null;
  /** The Prop 65 listing: what it warns of, and the chemicals as a JSON array. */
  prop65Kind: string | null;
  prop65Chemicals: string | null;
  /** How the carriers treat it (shared/shipping-limits.ts). */
  hazmatClass: string | null;
  sizeClass: string | null;
}
export interface SkuRecord {
  skuId: number;
  itemId: number;
  partNumber: string;
  barCode: string | null;
  color: string | null;
  availableTotal: number;
  currency: Currency;
  discountPrice: number | null;
  originalPrice: number | null;
  /** The refundable core charge of one unit (issue 40); null for a part with no core. */
  coreCharge: number | null;
  /** What else tells this variant apart (side, finish, kit contents, pack size): JSON label/value pairs. */
  skuCustoms: string | null;
  /** The variant's own picture, shown first when it is chosen; null when the item's gallery shows it. */
  imageUrl: string | null;
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
  imageUrl: string | null;
  urlHandle: string | null;
  seoId: number | null;
  brandId: number | null;
  backCategoryId: number;
  /** The back category's parent and grandparent: a promotion on a parent category covers its children. */
  parentCategoryId: number | null;
  grandCategoryId: number | null;
  nonVehicle: number;
}
