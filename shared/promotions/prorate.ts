/** Spreading one discount over the lines it covers, to the cent, so a refund of one line is exact. */
import type { LineShare } from './types.ts';

export interface LineWeight {
  key: string;
  /** What the line is worth now (cents); its share never exceeds this. */
  weightCent: number;
}

/**
 * Splits `amountCent` over lines in proportion to their weight by the largest-remainder method:
 * each line gets the floor of its exact share, and the cents left go one each to the largest
 * remainders (ties by key, so the result does not depend on line order). The shares sum exactly
 * to the amount, and when the amount is at most the total weight no line gets more than its
 * weight. Products are taken in BigInt: cents times cents passes 2^53 on big carts.
 */
export function prorate(amountCent: number, lines: readonly LineWeight[]): LineShare[] {
  const total = lines.reduce((sum, line) => sum + line.weightCent, 0);
  if (amountCent <= 0 || total <= 0) return lines.map((line) => ({ key: line.key, amountCent: 0 }));
  const amount = BigInt(amountCent);
  const whole = BigInt(total);
  const parts = lines.map((line) => {
    const exact = amount * BigInt(line.weightCent);
    return { key: line.key, amountCent: Number(exact / whole), remainder: exact % whole };
  });
  let left = amountCent - parts.reduce((sum, part) => sum + part.amountCent, 0);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of byRemainder) {
    if (left <= 0) break;
    part.amountCent += 1;
    left -= 1;
  }
  return parts.map(({ key, amountCent: share }) => ({ key, amountCent: share }));
}
