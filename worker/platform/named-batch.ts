/**
 * Runs groups of statements as one D1 batch (one round trip and one transaction, in the order
 * the groups are given) and answers each group's results under its name, so a caller never
 * counts positions in the batch. A group may be empty.
 */
export async function namedBatch<K extends string>(
  db: D1Database,
  groups: Record<K, readonly D1PreparedStatement[]>,
): Promise<Record<K, D1Result[]>> {
  const names = Object.keys(groups) as K[];
  const results = await db.batch(names.flatMap((name) => [...groups[name]]));
  let at = 0;
  return Object.fromEntries(
    names.map((name) => {
      const part = results.slice(at, at + groups[name].length);
      at += groups[name].length;
      return [name, part];
    }),
  ) as Record<K, D1Result[]>;
}
