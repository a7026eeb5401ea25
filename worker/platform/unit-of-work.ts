import { auditRepository } from './audit-repository.ts';
import type { AuditEntry } from './records.ts';

/**
 * One D1 batch that several domains write into (D1 has no interactive transactions: one `batch()`
 * is one transaction). Domains add their statements through writers named `…Into(work, …)` and
 * their reads through `…Along(work, …)`; a guard is a named group of statements that aborts the
 * whole batch when its condition no longer holds inside it; the staff member's audit entry is data
 * the unit of work writes itself. When the batch fails, the first guard whose condition reads
 * false afterwards names the failure: a lost race is an expected outcome, never a parsed message.
 */

/** Whether a guard's condition holds now, read after a failed batch to tell which guard stopped it. */
export type StillHolds = () => Promise<boolean>;

interface GuardEntry {
  name: string;
  stillHolds?: StillHolds;
}

/** A read that rides along in the batch: its value once the batch has run. */
export type Along<T> = () => T;

/** How a batch ended: written, or stopped by the named guard (nothing was written). */
export type Committed = { ok: true } | { ok: false; guard: string; cause: unknown };

export class UnitOfWork {
  readonly db: D1Database;
  private readonly statements: D1PreparedStatement[] = [];
  private readonly guards: GuardEntry[] = [];
  private results: D1Result[] | null = null;

  constructor(db: D1Database) {
    this.db = db;
  }

  /** Adds statements to run, in order. */
  add(...statements: D1PreparedStatement[]): this {
    this.assertOpen();
    this.statements.push(...statements);
    return this;
  }

  /** Adds a read whose rows `decode` turns into the value the returned function answers after commit. */
  along<T>(statement: D1PreparedStatement, decode: (result: D1Result) => T): Along<T> {
    this.assertOpen();
    const at = this.statements.push(statement) - 1;
    return () => {
      if (!this.results) throw new Error('read before the unit of work ran');
      return decode(this.results[at]!);
    };
  }

  /**
   * Adds a guard: statements that fail the batch unless its condition holds (a `batch_guard` insert,
   * a CHECK constraint, a guarded insert), and how to read the condition afterwards to name it.
   */
  guard(name: string, statements: readonly D1PreparedStatement[], stillHolds?: StillHolds): this {
    this.add(...statements);
    this.guards.push({ name, ...(stillHolds && { stillHolds }) });
    return this;
  }

  /** Names a failure that is no statement of this batch's own (an idempotency key another request used first). */
  explain(name: string, stillHolds: StillHolds): this {
    this.assertOpen();
    this.guards.push({ name, stillHolds });
    return this;
  }

  /** The staff member's audit entry for this change, written in the same batch. */
  audit(entry: AuditEntry): this {
    return this.add(auditRepository(this.db).insertStatement(entry));
  }

  /** How many statements the batch holds. */
  get size(): number {
    return this.statements.length;
  }

  /**
   * Runs the batch. A guard that no longer holds is answered by its name; any other failure is
   * thrown as it came.
   */
  async commit(): Promise<Committed> {
    this.assertOpen();
    if (this.statements.length === 0) {
      this.results = [];
      return { ok: true };
    }
    try {
      this.results = await this.db.batch(this.statements);
      return { ok: true };
    } catch (error) {
      for (const guard of this.guards) {
        if (guard.stillHolds && !(await guard.stillHolds())) return { ok: false, guard: guard.name, cause: error };
      }
      throw error;
    }
  }

  /** Runs the batch and throws when a guard stopped it: for callers whose guards cannot lose a race. */
  async run(): Promise<void> {
    const committed = await this.commit();
    if (!committed.ok) throw new GuardFailed(committed.guard);
  }

  private assertOpen(): void {
    if (this.results) throw new Error('this unit of work has run');
  }
}

/** A guard stopped a batch whose caller expected none to. */
export class GuardFailed extends Error {
  readonly guard: string;
  constructor(guard: string) {
    super(`guard failed: ${guard}`);
    this.guard = guard;
  }
}

/** A new unit of work on the shop's database. */
export function unitOfWork(db: D1Database): UnitOfWork {
  return new UnitOfWork(db);
}
