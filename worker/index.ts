import { createApp } from './app.ts';
import type { Bindings, ShopEvent } from './env.ts';
import { consumeEvents } from './services/logs.ts';
import { releaseExpiredHolds } from './services/orders.ts';

export { RateLimiter } from './durable/rate-limiter.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch<ShopEvent>): Promise<void> {
    consumeEvents(batch);
  },
  /** Every five minutes: stock held for orders that were not paid in time goes back on the shelf. */
  async scheduled(controller, env, ctx): Promise<void> {
    ctx.waitUntil(releaseExpiredHolds(env.DB, controller.scheduledTime).then((count) => {
      if (count > 0) console.log(`released the stock of ${count} unpaid orders`);
    }));
  },
} satisfies ExportedHandler<Bindings, ShopEvent>;
