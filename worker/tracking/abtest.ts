import { AB_TEST_A_SHARE } from '../../shared/constants.ts';

export type AbTestGroup = 'A1' | 'A2' | 'B';

/** A stable number in [0, 1) from a visitor key (FNV-1a, 32 bits). */
export function bucketOf(visitorKey: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < visitorKey.length; i++) {
    hash ^= visitorKey.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 0x1_0000_0000;
}

/**
 * The A/B group of a visitor (§9): 70 % A, split evenly into A1 and A2, and 30 % B. The
 * same visitor key always gets the same group.
 *
 * §9 also says "hash bucket under 0.6 gives A, else B", which contradicts its own 70/30 table; the shop
 * follows the table (AB_TEST_A_SHARE = 0.7, issue 25). Changing the share moves visitors between groups,
 * so it is only done between experiments.
 */
export function abTestGroupFor(visitorKey: string): AbTestGroup {
  const bucket = bucketOf(visitorKey);
  if (bucket >= AB_TEST_A_SHARE) return 'B';
  return bucket < AB_TEST_A_SHARE / 2 ? 'A1' : 'A2';
}

export function isAbTestGroup(value: string | undefined): value is AbTestGroup {
  return value === 'A1' || value === 'A2' || value === 'B';
}
