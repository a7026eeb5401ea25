// The shape of the curated engine tables (engine-table-gm.ts, engine-table-fca.ts, engine-table.ts).

/** An engine of a table row, "5.3L V8 Flex Fuel", and the trims it goes under when the model-year has trims. */
export interface TableEngine {
  text: string;
  /** Trims of the model-year it goes under; every trim when absent. */
  trims?: RegExp;
}
/** [first model year, last model year, the engines of those years]: a string is an engine of every trim. */
export type EngineRange = readonly [from: number, to: number, engines: readonly (string | TableEngine)[]];
export type EngineRanges = readonly EngineRange[];

/** An engine only of the trims that match (the SRT's 6.4L, the Hybrid's 6.0L). */
export const only = (text: string, trims: RegExp): TableEngine => ({ text, trims });
/** An engine of every trim but those that match. */
export const except = (text: string, trims: RegExp): TableEngine => ({
  text,
  trims: new RegExp(`^(?!.*(?:${trims.source}))`, trims.flags),
});
