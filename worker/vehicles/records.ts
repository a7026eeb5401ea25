/**
 * The vehicles domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

export interface VehicleNodeRecord {
  id: number;
  level: number;
  parentId: number | null;
  value: string;
  text: string;
  year: number;
  makeId: number | null;
  modelId: number | null;
  modelNodeId: number | null;
}

export interface MakeModelYears {
  modelId: number;
  model: string;
  slug: string;
  yearFrom: number;
  yearTo: number;
}

/** One model pattern a VIN matches: the make and model it names and how broad it is (smaller = more specific). */
export interface VinModelMatch {
  make: string;
  model: string;
  breadth: number;
}
