import { dayOf, type StoredEvent } from './events.ts';
import { trackingRepository } from './repository.ts';

/**
 * Where the queue consumer writes tracking events: one interface, a D1 table locally and in tests,
 * Workers Analytics Engine in production when its binding is set.
 */
export interface EventSink {
  readonly name: 'd1' | 'analytics-engine';
  /** Stores events; storing the same event id again must not count it twice where the store can tell. */
  write(events: readonly StoredEvent[]): Promise<void>;
  /** Counts messages that were malformed and dropped. */
  countDropped(at: number, reason: string, count: number): Promise<void>;
}

/** The D1 sink: INSERT OR IGNORE by event id makes redelivery harmless. */
export function d1Sink(db: D1Database): EventSink {
  const repository = trackingRepository(db);
  return {
    name: 'd1',
    write: (events) => repository.insertEvents(events),
    countDropped: (at, reason, count) => repository.countDropped(dayOf(at), reason, count),
  };
}

/** A text field of an event's data, '' when absent. */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
/** A number field of an event's data, -1 when absent (a count the event did not report). */
const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : -1);

/**
 * The dimensions the dashboard groups by, taken out of an event's data: Analytics Engine's SQL cannot read
 * JSON, so they are blobs and doubles of their own: blobs 16 to 19, doubles 3 to 5 (dashboard-ae-repository.ts
 * reads them).
 */
export function dashboardFields(event: StoredEvent): { blobs: string[]; doubles: number[] } {
  const { data } = event;
  const keyword = textOf(data.keyword).trim().toLowerCase().slice(0, 200);
  const items = Array.isArray(data.items) ? data.items.length : 0;
  return {
    blobs: [textOf(data.pageType), textOf(data.status), keyword, textOf(data.source)],
    doubles: [numberOf(data.totalCent), items, numberOf(data.total)],
  };
}

/**
 * The Analytics Engine sink: one data point per event, indexed by market and A/B group so the SQL API
 * samples fairly across them; the event id is a blob, deduplicated when read (Analytics Engine keeps
 * every write). Blob and double order is the read contract (dashboard-ae-repository.ts): keep it, append only.
 */
export function analyticsEngineSink(dataset: AnalyticsEngineDataset): EventSink {
  return {
    name: 'analytics-engine',
    async write(events) {
      for (const event of events) {
        const dashboard = dashboardFields(event);
        dataset.writeDataPoint({
          indexes: [`${event.market}:${event.abTestGroup}`],
          blobs: [
            event.id,
            event.event,
            JSON.stringify(event.data).slice(0, 4000),
            event.pageUrl.slice(0, 1000),
            event.referrer.slice(0, 1000),
            event.clientId,
            event.sessionId,
            event.albGroup,
            event.abTestGroup,
            event.ip,
            event.network,
            event.downlinkSpeed,
            event.visitorKey,
            event.market,
            dayOf(event.at),
            ...dashboard.blobs,
          ],
          doubles: [event.ts, event.at, ...dashboard.doubles],
        });
      }
    },
    async countDropped(at, reason, count) {
      dataset.writeDataPoint({ indexes: ['dropped'], blobs: ['dropped', reason, dayOf(at)], doubles: [count, at] });
    },
  };
}

/** The bindings the sink may use; ANALYTICS is optional (absent locally and in tests). */
export interface SinkBindings {
  DB: D1Database;
  ANALYTICS?: AnalyticsEngineDataset;
}

/** The production sink when Analytics Engine is bound, else D1. */
export function sinkFor(env: SinkBindings): EventSink {
  return env.ANALYTICS ? analyticsEngineSink(env.ANALYTICS) : d1Sink(env.DB);
}
