import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { failure } from '../shared/envelope.ts';
import { ERROR_CODE } from '../shared/messages.ts';
import { ApiError, isApiPath } from './api-error.ts';
import type { AppEnv } from './env.ts';
import { affiliate } from './middleware/affiliate.ts';
import { debug } from './middleware/debug.ts';
import { market } from './middleware/market.ts';
import { referral } from './middleware/referral.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { visitor } from './middleware/visitor.ts';
import { infra } from './routes/api/infra.ts';
import { openapi } from './routes/api/openapi.ts';
import { homePage } from './routes/pages/home.tsx';
import { infoPages } from './routes/pages/info.tsx';
import { renderErrorPage } from './routes/pages/render-page.tsx';
import { shopPages } from './routes/pages/shop-pages.tsx';
import { ordersApi } from './routes/api/orders.ts';
import { orderPages } from './routes/pages/order-pages.tsx';
import { media } from './routes/media.ts';
import { auth } from './middleware/auth.ts';
import { accountAuth } from './routes/api/account-auth.ts';
import { accountThird } from './routes/api/account-third.ts';
import { accountProfile } from './routes/api/account-profile.ts';
import { garageApi } from './routes/api/garage.ts';
import { newsletter } from './routes/api/newsletter.ts';
import { fitmentApi } from './routes/api/fitment.ts';
import { devPages } from './routes/dev.tsx';
import { vehiclesApi } from './routes/api/vehicles.ts';
import { reviewsApi } from './routes/api/reviews.ts';
import { searchApi } from './routes/api/search.ts';
import { makePages } from './routes/pages/make-pages.tsx';
import { productPage } from './routes/pages/product-page.tsx';
import { searchPage } from './routes/pages/search-page.tsx';
import { categoriesPage } from './routes/pages/categories-page.tsx';
import { catalogContentApi } from './routes/api/catalog-content.ts';
import { suggestApi } from './routes/api/suggest.ts';
import { catalogBrowseApi } from './routes/api/catalog-browse.ts';
import { catalogRecommendApi } from './routes/api/catalog-recommend.ts';
import { trackingApi } from './routes/api/tracking.ts';
import { areaApi } from './routes/api/area.ts';
import { devIdp } from './routes/dev-idp.ts';
import { accountPages } from './routes/pages/account-pages.tsx';
import { cartApi } from './routes/api/cart.ts';
import { buyNowApi } from './routes/api/buy-now.ts';
import { promotionApi } from './routes/api/promotion.ts';
import { promotionCartApi } from './routes/api/promotion-cart.ts';
import { checkoutApi } from './routes/api/checkout.ts';
import { orderActionsApi } from './routes/api/order-actions.ts';
import { cartPage } from './routes/pages/cart-page.tsx';
import { checkoutPage } from './routes/pages/checkout-page.tsx';
import { collectionPage } from './routes/pages/collection-page.tsx';
import { paymentSandboxPages } from './routes/pages/payment-sandbox.tsx';
import { paymentsApi } from './routes/api/payments.ts';
import { orderAddressApi } from './routes/api/order-address.ts';
import { paymentsHostedApi } from './routes/api/payments-hosted.ts';
import { applyPaymentEvent, refundOrder } from './services/order-payments.ts';
import { paymentWebhooksApi, setPaymentEventHandler } from './routes/api/payment-webhooks.ts';
import { onPaidOrderCancelled } from './routes/api/order-actions.ts';

/** Builds the shop: edge middleware, the JSON API (§7) and the pages (§2). */
export function createApp() {
  const app = new Hono<AppEnv>();
  // Orders act on payments: a verified success pays the order; a cancelled paid order is refunded.
  setPaymentEventHandler((event, env) => applyPaymentEvent(event, env as AppEnv['Bindings']));
  onPaidOrderCancelled(refundOrder);

  // A bare text route: the benchmark's yardstick for what the Worker costs with no work.
  app.get('/__bare', (c) => c.text('ok'));

  app.use(securityHeaders, debug, market, visitor, referral, affiliate, auth);

  app.route('/', infra);
  app.route('/', openapi);
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
  app.route('/', paymentsHostedApi);
  app.route('/', paymentSandboxPages);
  app.route('/', newsletter);
  app.route('/', fitmentApi);
  app.route('/', vehiclesApi);
  app.route('/', reviewsApi);
  app.route('/', searchApi);
  app.route('/', trackingApi);
  app.route('/', areaApi);
  app.route('/', devPages);
  app.route('/', devIdp);
  app.route('/', homePage);
  app.route('/', infoPages);
  app.route('/', accountPages);
  app.route('/', makePages);
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
  app.route('/', shopPages);
  app.route('/', media);

  app.notFound((c) => {
    if (isApiPath(new URL(c.req.url).pathname)) return c.json(failure(404, ERROR_CODE.notFound, 'No such API call'), 404);
    return renderErrorPage(c, 404);
  });

  app.onError((error, c) => {
    if (isApiPath(new URL(c.req.url).pathname)) {
      if (error instanceof ApiError) return c.json(failure(error.httpCode, error.code, error.message, error.data), error.httpCode as 400);
      if (error instanceof HTTPException) return c.json(failure(error.status, error.status, error.message), error.status);
      console.error('api failure', error);
      return c.json(failure(500, ERROR_CODE.internal, 'Internal error'), 500);
    }
    console.error('page failure', error);
    return renderErrorPage(c, 500);
  });

  return app;
}
