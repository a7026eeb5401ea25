import { timing } from 'hono/timing';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { failure } from '../shared/envelope.ts';
import { ERROR_CODE } from '../shared/messages.ts';
import { ApiError, isApiPath } from './platform/api-error.ts';
import type { AppEnv } from './env.ts';
import { affiliate } from './middleware/affiliate.ts';
import { debug } from './middleware/debug.ts';
import { market } from './middleware/market.ts';
import { referral } from './middleware/referral.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { csrf } from './middleware/csrf.ts';
import { requestId } from './middleware/request-id.ts';
import { requireConfig } from './middleware/required-config.ts';
import { reportFailedAnswers, reportServerError } from './platform/error-report.ts';
import { visitor } from './middleware/visitor.ts';
import { openApiRoutes } from './platform/openapi.routes.ts';
import { renderErrorPage } from './platform/render/render-page.tsx';
import { installShopRenderer, renderer } from './storefront/layout.tsx';
import { auth } from './middleware/auth.ts';
import { releaseHoldsOnRead, STOCK_READING_PATHS } from './middleware/release-holds.ts';
import { apiEndpoints, mounts } from './routes/index.ts';
import { contentPreview } from './content/preview.routes.ts';

/** Builds the shop: edge middleware, the JSON API (§7) and the pages (§2). */
export function createApp() {
  const app = new Hono<AppEnv>();
  // A bare text route: the benchmark's yardstick for what the Worker costs with no work.
  app.get('/__bare', (c) => c.text('ok'));

  // The Worker's own time on the catalog reads a shopper waits for (search, typeahead, the vehicle selector, the item
  // calls) in a Server-Timing header: the wall time bench:catalog judges. A Worker's clock moves at I/O, so the figure
  // runs from the request to the answer's last read.
  const catalogTiming = timing({ totalDescription: 'Worker' });
  app.use('/search/*', catalogTiming);
  app.use('/item/public/*', catalogTiming);
  app.use(reportFailedAnswers);
  app.use(requestId, requireConfig, securityHeaders, csrf, debug, market, visitor, referral, affiliate, auth, renderer);
  app.use(contentPreview);
  for (const path of STOCK_READING_PATHS) app.use(path, releaseHoldsOnRead);

  app.route('/', openApiRoutes(apiEndpoints()));
  for (const mount of mounts()) app.route('/', mount.routes as Hono<AppEnv>);

  app.notFound((c) => {
    if (isApiPath(new URL(c.req.url).pathname))
      return c.json(failure(404, ERROR_CODE.notFound, 'No such API call'), 404);
    installShopRenderer(c);
    return renderErrorPage(c, 404);
  });

  app.onError((error, c) => {
    if (isApiPath(new URL(c.req.url).pathname)) {
      if (error instanceof ApiError)
        return c.json(failure(error.httpCode, error.code, error.message, error.data), error.httpCode as 400);
      if (error instanceof HTTPException)
        return c.json(failure(error.status, error.status, error.message), error.status);
      reportServerError(c, 'api failure', error);
      return c.json(failure(500, ERROR_CODE.internal, 'Internal error'), 500);
    }
    reportServerError(c, 'page failure', error);
    // The failure may have come before the renderer's middleware ran.
    installShopRenderer(c);
    return renderErrorPage(c, 500);
  });

  return app;
}
