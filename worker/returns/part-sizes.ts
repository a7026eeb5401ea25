import { RETURN_LIMITS, RETURN_MSG } from '../../shared/returns.ts';

/**
 * What R2 asks of a multipart upload's parts (its complete call fails otherwise): every part but the
 * last of one size, at least 5 MB, and the last no larger. Checked as each part comes, against the
 * parts so far with the highest number taken as the last, so an unequal part is refused when it is
 * sent, with a message that says the size to send, never at completion as R2's failure.
 */

/** Why this part cannot join the parts so far (a part sent again replaces its namesake), or null. */
export function partSizeProblem(
  stored: readonly { partNumber: number; size: number }[],
  part: { partNumber: number; size: number },
): string | null {
  const parts = [...stored.filter((other) => other.partNumber !== part.partNumber), part].sort(
    (a, b) => a.partNumber - b.partNumber,
  );
  const last = parts[parts.length - 1]!;
  const before = parts.slice(0, -1);
  if (before.length === 0) return null;
  const size = before[0]!.size;
  if (size < RETURN_LIMITS.partMinBytes) return RETURN_MSG.partSize;
  if (before.some((other) => other.size !== size) || last.size > size) return RETURN_MSG.partSizes(size);
  return null;
}
