import type { ShopEvent } from '../env.ts';
import { log } from '../platform/log.ts';
import { type AffiliateConfig, forwardToAffiliate } from './affiliate.ts';
import { type StoredEvent, storedEventOf } from './events.ts';
import { type EventSink, type SinkBindings, sinkFor } from './sink.ts';

/** What one queue batch came to: events stored, messages dropped as malformed, and whether it is retried. */
export interface ConsumeResult {
  stored: number;
  dropped: number;
  retried: boolean;
}

function logLine(event: Extract<ShopEvent, { kind: 'client-log' | 'server-error' }>): void {
  if (event.kind === 'server-error') {
    console.error(JSON.stringify({ source: 'server-error', ...event }));
    return;
  }
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
}

/**
 * Consumes a batch of the EVENTS queue: log lines go to the Worker's log stream; tracking events are
 * validated and written to the sink in one write; malformed ones are counted and dropped. When the sink
 * fails, the whole batch is retried (delivery is at least once, and the D1 sink ignores an id it has).
 */
export async function consumeEventBatch(
  batch: MessageBatch<unknown>,
  env: SinkBindings & AffiliateConfig,
  sink: EventSink = sinkFor(env),
): Promise<ConsumeResult> {
  const events: StoredEvent[] = [];
  let dropped = 0;
  for (const message of batch.messages) {
    const body = message.body as Partial<ShopEvent> | null;
    if (body?.kind === 'client-log' || body?.kind === 'server-error') {
      logLine(body as Extract<ShopEvent, { kind: 'client-log' | 'server-error' }>);
      continue;
    }
    const event = body?.kind === 'track' ? storedEventOf(body, message.id) : null;
    if (event) events.push(event);
    else dropped++;
  }
  try {
    await sink.write(events);
    if (dropped > 0) await sink.countDropped(Date.now(), 'malformed', dropped);
  } catch (cause) {
    log.error('tracking sink failed; the batch is retried', cause, { sink: sink.name, events: events.length });
    batch.retryAll();
    return { stored: 0, dropped, retried: true };
  }
  // Stored: a failed affiliate call retries the batch; the sink ignores the events it already has.
  if (!(await forwardToAffiliate(env, events))) {
    batch.retryAll({ delaySeconds: 60 });
    return { stored: events.length, dropped, retried: true };
  }
  batch.ackAll();
  return { stored: events.length, dropped, retried: false };
}
