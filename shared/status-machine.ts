import type { StaffAction } from './staff-permissions.ts';

/**
 * A status table: the statuses of a record, the events that move it, each with the statuses it may
 * leave, those it may reach and who may make it. The order, payment and return tables are written
 * with it (order-status.ts, payment-status.ts, return-status.ts); every named set of statuses is
 * derived from them, and the database refuses any change of status none of their events allows
 * (the status_transition table and its triggers, checked against these tables by a test).
 */

/** Who makes a move: the shopper, a staff member allowed the action, the payment provider, the shop itself. */
export type Actor = 'shopper' | 'provider' | 'system' | { staff: StaffAction };

export interface StatusEvent<S extends string> {
  /** The statuses the record may be in; `null`: the event creates it. */
  from: readonly (S | null)[];
  /** The statuses it may be in afterwards; 'unchanged' when the event changes something else of it. */
  to: readonly S[] | 'unchanged';
  by: readonly Actor[];
}

export type StatusEvents<S extends string, E extends string> = Record<E, StatusEvent<S>>;

export interface StatusMachine<S extends string, E extends string> {
  /** The record's kind, as the status_transition table names it. */
  readonly entity: string;
  readonly statuses: readonly S[];
  readonly events: StatusEvents<S, E>;
  /** The statuses `event` may leave (never null). */
  from(event: E): readonly S[];
  /** Whether `event` may move a record from `from` to `to`. */
  allows(event: E, from: S | null, to: S): boolean;
  /** Whether `actor` may make `event`. */
  may(event: E, actor: Actor): boolean;
  /** Every change of status some event allows, as [from, to] pairs (staying put is no change). */
  moves(): [S, S][];
  /** Whether any event moves a record from `from` to `to`. */
  canMove(from: S, to: S): boolean;
}

const sameActor = (a: Actor, b: Actor) =>
  typeof a === 'string' || typeof b === 'string' ? a === b : a.staff === b.staff;

/** A status table with its derivations. */
export function statusMachine<S extends string, E extends string>(
  entity: string,
  statuses: readonly S[],
  events: StatusEvents<S, E>,
): StatusMachine<S, E> {
  const pairs = new Map<string, [S, S]>();
  for (const event of Object.values(events) as StatusEvent<S>[]) {
    for (const from of event.from) {
      if (from === null) continue;
      if (event.to === 'unchanged') continue;
      for (const to of event.to) if (from !== to) pairs.set(`${from}>${to}`, [from, to]);
    }
  }
  return {
    entity,
    statuses,
    events,
    from: (event) => events[event].from.filter((status): status is S => status !== null),
    allows: (event, from, to) => {
      const { from: leaves, to: reaches } = events[event];
      return leaves.includes(from) && (from === to || (reaches !== 'unchanged' && reaches.includes(to)));
    },
    may: (event, actor) => events[event].by.some((allowed) => sameActor(allowed, actor)),
    moves: () => [...pairs.values()],
    canMove: (from, to) => pairs.has(`${from}>${to}`),
  };
}

/**
 * A status list as SQL literals for an `IN (...)`: the statuses come from the tables above (upper-case
 * words), never from input, so they are written into the statement rather than bound.
 */
export function sqlStatusList(statuses: readonly string[]): string {
  if (!statuses.every((status) => /^[A-Z_]+$/.test(status))) throw new Error(`not a status list: ${statuses}`);
  return statuses.map((status) => `'${status}'`).join(', ');
}
