import { AB_TEST_A_SHARE } from './constants.ts';

/**
 * The statistics the analytics dashboard shows for an A/B test (issue 25): each group's conversion with
 * a 95 % confidence interval, and a sample-ratio-mismatch check against the §9 split. Pure.
 */

/** The split §9 promises: A1 and A2 share 70 %, B has 30 %. */
export const EXPECTED_SPLIT = { A1: AB_TEST_A_SHARE / 2, A2: AB_TEST_A_SHARE / 2, B: 1 - AB_TEST_A_SHARE } as const;
export type SplitGroup = keyof typeof EXPECTED_SPLIT;

const Z_95 = 1.959_963_985;
/** A sample-ratio mismatch is flagged below this p-value (the usual, strict threshold for SRM). */
export const SRM_P_THRESHOLD = 0.001;

/** A rate with its 95 % Wilson score interval (sound for small counts and rates near 0). */
export function wilsonInterval(successes: number, trials: number): { rate: number; low: number; high: number } {
  if (trials <= 0) return { rate: 0, low: 0, high: 0 };
  const p = successes / trials;
  const z2 = Z_95 * Z_95;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (Z_95 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Chi-square test of the sessions per group against the expected split (two degrees of freedom, whose
 * p-value is exactly exp(-χ²/2)). A mismatch means the assignment or the tracking is broken, and the
 * test's numbers cannot be trusted.
 */
export function sampleRatioMismatch(counts: Partial<Record<SplitGroup, number>>): {
  chiSquare: number;
  p: number;
  mismatch: boolean;
} {
  const total = (Object.keys(EXPECTED_SPLIT) as SplitGroup[]).reduce((sum, group) => sum + (counts[group] ?? 0), 0);
  if (total === 0) return { chiSquare: 0, p: 1, mismatch: false };
  let chiSquare = 0;
  for (const group of Object.keys(EXPECTED_SPLIT) as SplitGroup[]) {
    const expected = total * EXPECTED_SPLIT[group];
    chiSquare += ((counts[group] ?? 0) - expected) ** 2 / expected;
  }
  const p = Math.exp(-chiSquare / 2);
  return { chiSquare, p, mismatch: p < SRM_P_THRESHOLD };
}
