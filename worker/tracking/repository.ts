import { dayOf, type StoredEvent } from './events.ts';
import type { TrackingEventRecord } from './records.ts';

/** D1's limit on bound values per statement keeps each insert to a few rows; a batch holds them all. */
const ROWS_PER_STATEMENT = 5;
const COLUMNS = [
  'id',
  'event',
  'data',
  'page_url',
  'referrer',
  'ts',
  'client_id',
  'session_id',
  'alb_group',
  'ab_test_group',
  'ip',
  'network',
  'downlink_speed',
  'visitor_key',
  'market',
  'received_at',
  'day',
] as const;

function rowValues(event: StoredEvent): unknown[] {
  return [
    event.id,
    event.event,
    JSON.stringify(event.data),
    event.pageUrl,
    event.referrer,
    event.ts,
    event.clientId,
    event.sessionId,
    event.albGroup,
    event.abTestGroup,
    event.ip,
    event.network,
    event.downlinkSpeed,
    event.visitorKey,
    event.market,
    event.at,
    dayOf(event.at),
  ];
}

/** The tracking sink's table in D1. */
export function trackingRepository(db: D1Database) {
  return {
    /** Stores events; an id already stored is ignored, so a redelivered message counts once. */
    async insertEvents(events: readonly StoredEvent[]): Promise<void> {
      if (events.length === 0) return;
      const statements: D1PreparedStatement[] = [];
      for (let start = 0; start < events.length; start += ROWS_PER_STATEMENT) {
        const chunk = events.slice(start, start + ROWS_PER_STATEMENT);
        const row = `(${COLUMNS.map(() => '?').join(', ')})`;
        const values = chunk.map(() => row).join(', ');
        const sql = `INSERT OR IGNORE INTO tracking_event (${COLUMNS.join(', ')}) VALUES ${values}`;
        statements.push(db.prepare(sql).bind(...chunk.flatMap(rowValues)));
      }
      await db.batch(statements);
    },

    /** Counts malformed messages that were dropped, per day and reason. */
    async countDropped(day: string, reason: string, count: number): Promise<void> {
      await db
        .prepare(
          `INSERT INTO tracking_dropped (day, reason, count) VALUES (?1, ?2, ?3)
           ON CONFLICT (day, reason) DO UPDATE SET count = count + excluded.count`,
        )
        .bind(day, reason, count)
        .run();
    },

    /** Deletes up to `limit` events the shop received before `day` (YYYY-MM-DD, by the day index); how many went. */
    async deleteEventsBefore(day: string, limit: number): Promise<number> {
      const done = await db
        .prepare('DELETE FROM tracking_event WHERE rowid IN (SELECT rowid FROM tracking_event WHERE day < ?1 LIMIT ?2)')
        .bind(day, limit)
        .run();
      return done.meta.changes;
    },

    /** Deletes the dropped-message counts of days before `day`. */
    async deleteDroppedBefore(day: string): Promise<number> {
      return (await db.prepare('DELETE FROM tracking_dropped WHERE day < ?1').bind(day).run()).meta.changes;
    },

    /** The events with these ids, as stored. */
    async eventsByIds(ids: readonly string[]): Promise<TrackingEventRecord[]> {
      if (ids.length === 0) return [];
      const { results } = await db
        .prepare(`SELECT * FROM tracking_event WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY received_at`)
        .bind(...ids)
        .all<TrackingEventRecord>();
      return results;
    },

    /** The events of one name for one visitor key, oldest first. */
    async eventsOfVisitor(visitorKey: string, event: string): Promise<TrackingEventRecord[]> {
      const { results } = await db
        .prepare('SELECT * FROM tracking_event WHERE visitor_key = ?1 AND event = ?2 ORDER BY received_at, id')
        .bind(visitorKey, event)
        .all<TrackingEventRecord>();
      return results;
    },

    /** Dropped messages of a day, per reason. */
    async droppedOn(day: string): Promise<Record<string, number>> {
      const { results } = await db
        .prepare('SELECT reason, count FROM tracking_dropped WHERE day = ?1')
        .bind(day)
        .all<{ reason: string; count: number }>();
      return Object.fromEntries(results.map((row) => [row.reason, row.count]));
    },
  };
}
