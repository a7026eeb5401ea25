import type { CardRecord } from '../catalog/service.ts';

/**
 * The search domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

/** One result row as the SQL returns it: a product card's row (catalog), with the sales it ranks on. */
export type SearchHit = CardRecord;
/** One facet value with its item count. */
export interface FacetRecord {
  id: number;
  name: string;
  count: number;
}

export interface Suggestion {
  kind: 'item' | 'category' | 'partNumber';
  text: string;
  href: string;
}

/** A part category with the count of a vehicle's parts in it, as a vehicle's parts page and a make page list them. */
export interface VehicleCategory {
  id: number;
  name: string;
  handle: string;
  parentName: string;
  items: number;
}
