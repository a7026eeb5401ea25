/**
 * The shipping domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

/** An entry of the area dictionary. */
export interface AreaRecord {
  id: number;
  parentId: number | null;
  level: number;
  name: string;
  code: string | null;
}
