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
import { infra, infraEndpoints } from './content/infra.routes.ts';
import { openApiRoutes } from './platform/openapi.routes.ts';
import type { Endpoint } from './platform/contract.ts';
import { homePage } from './content/home.pages.tsx';
import { infoPages } from './content/info.pages.tsx';
import { seoRoutes } from './content/seo.routes.ts';
import { recentReviewsPages } from './reviews/recent.pages.tsx';
import { renderErrorPage } from './platform/render/render-page.tsx';
import { installShopRenderer, renderer } from './storefront/layout.tsx';
import { shopPages } from './content/shop.pages.tsx';
import { memberPages } from './members/pages.tsx';
import { ordersApi, ordersEndpoints } from './orders/orders.routes.ts';
import { orderPages } from './orders/pages.tsx';
import { returnPages } from './returns/pages.tsx';
import { media } from './content/media.routes.ts';
import { auth } from './middleware/auth.ts';
import { accountAuth, accountAuthEndpoints } from './accounts/auth.routes.ts';
import { accountThird, accountThirdEndpoints } from './accounts/third-party.routes.ts';
import { accountProfile, accountProfileEndpoints } from './accounts/profile.routes.ts';
import { garageApi, garageEndpoints } from './vehicles/garage.routes.ts';
import { newsletter, newsletterEndpoints } from './newsletter/routes.ts';
import { fitmentApi, fitmentEndpoints } from './vehicles/fitment.routes.ts';
import { devPages } from './dev/pages.tsx';
import { vehiclesApi, vehiclesEndpoints } from './vehicles/vehicles.routes.ts';
import { reviewsApi, reviewsEndpoints } from './reviews/routes.ts';
import { searchApi, searchEndpoints } from './search/search.routes.ts';
import { makePages } from './vehicles/make.pages.tsx';
import { partsPages } from './vehicles/parts.pages.tsx';
import { productPage } from './catalog/product.pages.tsx';
import { searchPage } from './search/pages.tsx';
import { categoriesPage } from './catalog/categories.pages.tsx';
import { catalogContentApi, catalogContentEndpoints } from './catalog/content.routes.ts';
import { suggestApi, suggestEndpoints } from './search/suggest.routes.ts';
import { catalogBrowseApi, catalogBrowseEndpoints } from './catalog/browse.routes.ts';
import { catalogRecommendApi, catalogRecommendEndpoints } from './catalog/recommend.routes.ts';
import { trackingApi, trackingEndpoints } from './tracking/routes.ts';
import { privacyPages } from './tracking/privacy.pages.tsx';
import { areaApi, areaEndpoints } from './shipping/routes.ts';
import { devIdp } from './dev/idp.routes.ts';
import { accountPages } from './accounts/pages.tsx';
import { cartApi, cartEndpoints } from './cart/cart.routes.ts';
import { buyNowApi, buyNowEndpoints } from './cart/buy-now.routes.ts';
import { promotionApi, promotionEndpoints } from './promotions/promotion.routes.ts';
import { promotionCartApi, promotionCartEndpoints } from './promotions/cart.routes.ts';
import { checkoutApi, checkoutEndpoints } from './checkout/routes.ts';
import { orderActionsApi, orderActionsEndpoints } from './orders/actions.routes.ts';
import { cartPage } from './cart/pages.tsx';
import { checkoutPage } from './checkout/pages.tsx';
import { collectionPage } from './catalog/collection.pages.tsx';
import { paymentSandboxPages } from './payments/sandbox.pages.tsx';
import { paymentsApi, paymentsEndpoints } from './payments/payments.routes.ts';
import { orderAddressApi, orderAddressEndpoints } from './orders/address.routes.ts';
import { paymentsHostedApi, paymentsHostedEndpoints } from './payments/hosted.routes.ts';
import { paymentWebhooksApi, paymentWebhooksEndpoints } from './payments/webhooks.routes.ts';
import { admin } from './admin/routes.ts';
import { contentPreview } from './content/preview.routes.ts';
import { returnsApi, returnsEndpoints } from './returns/routes.ts';
import { membersApi, membersEndpoints } from './members/routes.ts';
import { chatApi, chatEndpoints } from './chat/routes.ts';
import { helpDeskPages } from './chat/pages.tsx';

/**
 * Every call of the JSON API (§7), module by module, in the order /openapi.json lists them. A routes module
 * mounted below lists its calls here too: tests/worker/openapi-coverage.test.ts fails when one is missing.
 */
const API_ENDPOINTS: readonly Endpoint[] = [
  ...infraEndpoints,
  ...ordersEndpoints,
  ...accountAuthEndpoints,
  ...accountThirdEndpoints,
  ...accountProfileEndpoints,
  ...garageEndpoints,
  ...newsletterEndpoints,
  ...fitmentEndpoints,
  ...vehiclesEndpoints,
  ...reviewsEndpoints,
  ...searchEndpoints,
  ...catalogContentEndpoints,
  ...suggestEndpoints,
  ...catalogBrowseEndpoints,
  ...catalogRecommendEndpoints,
  ...trackingEndpoints,
  ...areaEndpoints,
  ...cartEndpoints,
  ...buyNowEndpoints,
  ...promotionEndpoints,
  ...promotionCartEndpoints,
  ...checkoutEndpoints,
  ...orderActionsEndpoints,
  ...paymentsEndpoints,
  ...orderAddressEndpoints,
  ...paymentsHostedEndpoints,
  ...paymentWebhooksEndpoints,
  ...returnsEndpoints,
  ...membersEndpoints,
  ...chatEndpoints,
];

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

  app.route('/', admin);
  app.route('/', infra);
  app.route('/', openApiRoutes(API_ENDPOINTS));
  app.route('/', accountAuth);
  app.route('/', accountThird);
  app.route('/', accountProfile);
  app.route('/', garageApi);
  app.route('/', cartApi);
  app.route('/', buyNowApi);
  app.route('/', promotionApi);
  app.route('/', promotionCartApi);
  app.route('/', checkoutApi);
  app.route('/', orderActionsApi);
  app.route('/', paymentWebhooksApi);
  app.route('/', paymentsApi);
  app.route('/', orderAddressApi);
  app.route('/', returnsApi);
  app.route('/', membersApi);
  app.route('/', chatApi);
  app.route('/', paymentsHostedApi);
  app.route('/', paymentSandboxPages);
  app.route('/', newsletter);
  app.route('/', fitmentApi);
  app.route('/', vehiclesApi);
  app.route('/', reviewsApi);
  app.route('/', searchApi);
  app.route('/', trackingApi);
  app.route('/', privacyPages);
  app.route('/', areaApi);
  app.route('/', devPages);
  app.route('/', devIdp);
  app.route('/', homePage);
  app.route('/', seoRoutes);
  app.route('/', recentReviewsPages);
  app.route('/', helpDeskPages);
  app.route('/', infoPages);
  app.route('/', accountPages);
  app.route('/', makePages);
  app.route('/', partsPages);
  app.route('/', productPage);
  app.route('/', searchPage);
  app.route('/', categoriesPage);
  app.route('/', catalogContentApi);
  app.route('/', suggestApi);
  app.route('/', catalogBrowseApi);
  app.route('/', catalogRecommendApi);
  app.route('/', cartPage);
  app.route('/', checkoutPage);
  app.route('/', collectionPage);
  app.route('/', ordersApi);
  app.route('/', orderPages);
  app.route('/', returnPages);
  app.route('/', memberPages);
  app.route('/', shopPages);
  app.route('/', media);

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
