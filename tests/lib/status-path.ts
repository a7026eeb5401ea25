import type { StatusMachine } from '../../shared/status-machine.ts';

/**
 * The shortest walk of moves a status table allows from one status to another, for tests that set
 * a record up in a status without acting it out: the database refuses any other move.
 */
export function statusPath<S extends string>(machine: StatusMachine<S, string>, from: S, to: S): S[] {
  if (from === to) return [];
  const previous = new Map<S, S>([[from, from]]);
  const queue: S[] = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const [start, next] of machine.moves()) {
      if (start !== at || previous.has(next)) continue;
      previous.set(next, at);
      if (next === to) {
        const path: S[] = [to];
        for (let step = at; step !== from; step = previous.get(step)!) path.unshift(step);
        return path;
      }
      queue.push(next);
    }
  }
  throw new Error(`no allowed moves lead from ${from} to ${to}`);
}

/**
 * SQL that pays a test's order if it is unpaid (as the pay event would) and then puts it in `status`
 * through an allowed move, for tests that reach the shop's database as SQL text (the browser tests).
 */
export function paidThenSql(orderId: string, status: string, payableStatuses: readonly string[]): string {
  const payable = payableStatuses.map((value) => `'${value}'`).join(', ');
  return `UPDATE orders SET status = 'PROCESSING', paid_at = coalesce(paid_at, ${Date.now()})
       WHERE id = '${orderId}' AND status IN (${payable});
     UPDATE orders SET status = '${status}' WHERE id = '${orderId}';`;
}
