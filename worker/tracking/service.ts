import type { ShopEvent } from '../env.ts';
import { abTestGroupFor, isAbTestGroup, type AbTestGroup } from './abtest.ts';

/** The visitor's A/B group (§9): the one their cookie remembers, else the one their visitor key gives. */
export function visitorAbTestGroup(stored: string | undefined, visitorKey: string): AbTestGroup {
  return isAbTestGroup(stored) ? stored : abTestGroupFor(visitorKey);
}

export interface ClientLog {
  level: 'info' | 'warn' | 'error';
  message: string;
  url?: string;
}

type TrackEvent = Extract<ShopEvent, { kind: 'track' }>;

/** Queues a tracking event for the analytics pipeline (at-least-once delivery; consumers are idempotent). */
export async function queueTrackEvent(queue: Queue<ShopEvent>, event: Omit<TrackEvent, 'kind' | 'at'>): Promise<void> {
  await queue.send({ kind: 'track', ...event, at: Date.now() });
}

/** Queues browser log lines; the queue consumer writes them to the Worker's log stream. */
export async function recordClientLogs(
  queue: Queue<ShopEvent>,
  entries: ClientLog[],
  visitorKey: string,
): Promise<number> {
  const at = Date.now();
  await queue.sendBatch(entries.map((entry) => ({ body: { kind: 'client-log', ...entry, visitorKey, at } as const })));
  return entries.length;
}

/** Consumes queued events; at-least-once delivery, and writing a log line twice is harmless. */
export function consumeEvents(batch: MessageBatch<ShopEvent>): void {
  for (const message of batch.messages) {
    const event = message.body;
    if (event?.kind === 'client-log') {
      const line = JSON.stringify({
        source: 'browser',
        level: event.level,
        message: event.message,
        url: event.url,
        visitor: event.visitorKey,
        at: event.at,
      });
      if (event.level === 'error') console.error(line);
      else console.log(line);
    } else if (event?.kind === 'server-error') {
      console.error(JSON.stringify({ source: 'server-error', ...event }));
    } else if (event?.kind === 'track') {
      // The analytics sink reads tracking events from the Worker's log stream.
      console.log(JSON.stringify({ source: 'tracking', ...event }));
    }
    message.ack();
  }
}
