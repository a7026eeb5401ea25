import { createApp } from './app.ts';
import type { Bindings, ShopEvent } from './env.ts';
import { consumeEvents } from './services/logs.ts';

export { RateLimiter } from './durable/rate-limiter.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch<ShopEvent>): Promise<void> {
    consumeEvents(batch);
  },
} satisfies ExportedHandler<Bindings, ShopEvent>;
