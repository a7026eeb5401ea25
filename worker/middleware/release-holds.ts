import { createMiddleware } from 'hono/factory';
import { API } from '../../shared/api-routes.ts';
import type { AppEnv } from '../env.ts';
import { releaseExpiredHolds } from '../flows/cancel-order.ts';
import { log } from '../platform/log.ts';

/**
 * The cron's release of expired stock holds (flows/cancel-order.ts), also run by the reads that show
 * or sell stock: a product, the cart, buy now, checkout. A stopped or late cron never keeps a part
 * off the shelf: the next shopper who looks at it puts back what unpaid orders held past their time.
 * Placing an order runs it itself. With nothing expired, it costs one indexed read.
 */

/** The paths (Hono patterns) whose answers show or sell stock. */
export const STOCK_READING_PATHS = [
  '/product/*',
  '/item/public/buyer/item/v2/*',
  API.cartGet.path,
  API.buyNow.path,
  API.checkoutQuote.path,
  '/shopCart',
  '/checkout',
  '/checkout/*',
] as const;

export const releaseHoldsOnRead = createMiddleware<AppEnv>(async (c, next) => {
  // A release that fails leaves the holds to the cron or the next read; the shopper's page still answers.
  await releaseExpiredHolds(c.env.DB, Date.now()).catch((error) => log.error('releasing expired holds', error));
  await next();
});
