import type { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import type { Endpoint } from '../platform/contract.ts';
import { accountAuth, accountAuthEndpoints } from '../accounts/auth.routes.ts';
import { accountPages } from '../accounts/pages.tsx';
import { accountProfile, accountProfileEndpoints } from '../accounts/profile.routes.ts';
import { accountThird, accountThirdEndpoints } from '../accounts/third-party.routes.ts';
import { admin } from '../admin/routes.ts';
import { buyNowApi, buyNowEndpoints } from '../cart/buy-now.routes.ts';
import { cartApi, cartEndpoints } from '../cart/cart.routes.ts';
import { cartPage } from '../cart/pages.tsx';
import { catalogBrowseApi, catalogBrowseEndpoints } from '../catalog/browse.routes.ts';
import { categoriesPage } from '../catalog/categories.pages.tsx';
import { collectionPage } from '../catalog/collection.pages.tsx';
import { catalogContentApi, catalogContentEndpoints } from '../catalog/content.routes.ts';
import { productPage } from '../catalog/product.pages.tsx';
import { catalogRecommendApi, catalogRecommendEndpoints } from '../catalog/recommend.routes.ts';
import { helpDeskPages } from '../chat/pages.tsx';
import { chatApi, chatEndpoints } from '../chat/routes.ts';
import { checkoutPage } from '../checkout/pages.tsx';
import { checkoutApi, checkoutEndpoints } from '../checkout/routes.ts';
import { homePage } from '../storefront/home.pages.tsx';
import { infra, infraEndpoints } from '../storefront/infra.routes.ts';
import { media } from '../content/media.routes.ts';
import { seoRoutes } from '../content/seo.routes.ts';
import { devIdp } from '../dev/idp.routes.ts';
import { devPages } from '../dev/pages.tsx';
import { memberPages } from '../storefront/member.pages.tsx';
import { membersApi, membersEndpoints } from '../members/routes.ts';
import { newsletter, newsletterEndpoints, newsletterPages } from '../newsletter/routes.ts';
import { orderAddressApi, orderAddressEndpoints } from '../orders/address.routes.ts';
import { ordersApi, ordersEndpoints } from '../orders/orders.routes.ts';
import { orderPages } from '../storefront/order.pages.tsx';
import { orderPayPages } from '../storefront/order-pay.pages.tsx';
import { orderPaymentApi, orderPaymentEndpoints } from '../orders/payment.routes.ts';
import { paymentsHostedApi, paymentsHostedEndpoints } from '../payments/hosted.routes.ts';
import { paymentSandboxPages } from '../payments/sandbox.pages.tsx';
import { promotionApi, promotionEndpoints } from '../promotions/promotion.routes.ts';
import { returnPages } from '../returns/pages.tsx';
import { returnsApi, returnsEndpoints } from '../returns/routes.ts';
import { recentReviewsPages } from '../reviews/recent.pages.tsx';
import { reviewsApiWith, reviewsEndpoints } from '../reviews/routes.ts';
import { reviewBuyer } from '../orders/http.ts';
import { searchPage } from '../search/pages.tsx';
import { categoryApi, categoryEndpoints } from '../search/facets.routes.ts';
import { searchApi, searchEndpoints } from '../search/search.routes.ts';
import { suggestApi, suggestEndpoints } from '../search/suggest.routes.ts';
import { areaApi, areaEndpoints } from '../shipping/routes.ts';
import { privacyPages } from '../tracking/privacy.pages.tsx';
import { trackingApi, trackingEndpoints } from '../tracking/routes.ts';
import { fitmentApi, fitmentEndpoints } from '../catalog/fitment.routes.ts';
import { garageApi, garageEndpoints } from '../vehicles/garage.routes.ts';
import { makePages } from '../storefront/make.pages.tsx';
import { partsPages } from '../storefront/vehicle-parts.pages.tsx';
import { vehiclesApi, vehiclesEndpoints } from '../vehicles/vehicles.routes.ts';
import { blogPages } from '../content/blog.pages.tsx';
import { videoPages } from '../content/videos.pages.tsx';
import { accountAreaPages } from '../storefront/account-area.pages.tsx';
import { campaignPages } from '../storefront/campaign.pages.tsx';
import { infoPages } from '../storefront/info.pages.tsx';
import { taxExemptionPages } from '../storefront/tax-exemption.pages.tsx';
import { cartCodesApi, cartCodesEndpoints } from './cart-codes.routes.ts';
import { placeOrderApi, placeOrderEndpoints } from './checkout.routes.ts';
import { buyCouponApi, buyCouponEndpoints } from './coupons.routes.ts';
import { orderFlowApi, orderFlowEndpoints } from './orders.routes.ts';
import { coreReturnPages } from './core-return.pages.tsx';
import { payOrderApi, payOrderEndpoints } from './payment.routes.ts';

/**
 * The route table (§2 pages, §7 API): every module the shop mounts, grouped by domain. No two
 * modules answer the same path, so the order only sets how /openapi.json lists the calls. A domain
 * keeps its own route modules; the calls that run a flow (worker/flows/) sit beside this table.
 */

type Routes = Hono<AppEnv> | Hono<never>;
export interface Mount {
  routes: Routes;
  endpoints?: readonly Endpoint[];
}

const api = (routes: Routes, endpoints: readonly Endpoint[]): Mount => ({ routes, endpoints });
const pages = (...modules: Routes[]): Mount[] => modules.map((routes) => ({ routes }));

export const ROUTE_TABLE: Record<string, readonly Mount[]> = {
  backOffice: pages(admin as unknown as Routes),
  storefront: [
    api(infra, infraEndpoints),
    ...pages(homePage, infoPages, campaignPages, accountAreaPages, memberPages, orderPages, orderPayPages),
    ...pages(taxExemptionPages),
    ...pages(makePages, partsPages),
  ],
  content: pages(blogPages, videoPages, seoRoutes, media),
  accounts: [
    api(accountAuth, accountAuthEndpoints),
    api(accountThird, accountThirdEndpoints),
    api(accountProfile, accountProfileEndpoints),
    ...pages(accountPages),
  ],
  vehicles: [api(garageApi, garageEndpoints), api(vehiclesApi, vehiclesEndpoints)],
  catalog: [
    api(fitmentApi, fitmentEndpoints),
    api(catalogContentApi, catalogContentEndpoints),
    api(catalogBrowseApi, catalogBrowseEndpoints),
    api(catalogRecommendApi, catalogRecommendEndpoints),
    ...pages(productPage, categoriesPage, collectionPage),
  ],
  search: [
    api(searchApi, searchEndpoints),
    api(categoryApi, categoryEndpoints),
    api(suggestApi, suggestEndpoints),
    ...pages(searchPage),
  ],
  reviews: [api(reviewsApiWith(reviewBuyer), reviewsEndpoints), ...pages(recentReviewsPages)],
  shipping: [api(areaApi, areaEndpoints)],
  cart: [api(cartApi, cartEndpoints), api(buyNowApi, buyNowEndpoints), ...pages(cartPage)],
  promotions: [api(promotionApi, promotionEndpoints)],
  members: [api(membersApi, membersEndpoints)],
  checkout: [api(checkoutApi, checkoutEndpoints), ...pages(checkoutPage)],
  orders: [
    api(ordersApi, ordersEndpoints),
    api(orderPaymentApi, orderPaymentEndpoints),
    api(orderAddressApi, orderAddressEndpoints),
  ],
  payments: [api(paymentsHostedApi, paymentsHostedEndpoints), ...pages(paymentSandboxPages)],
  returns: [api(returnsApi, returnsEndpoints), ...pages(returnPages)],
  flows: [
    api(cartCodesApi, cartCodesEndpoints),
    api(buyCouponApi, buyCouponEndpoints),
    api(placeOrderApi, placeOrderEndpoints),
    api(payOrderApi, payOrderEndpoints),
    api(orderFlowApi, orderFlowEndpoints),
    ...pages(coreReturnPages),
  ],
  service: [
    api(chatApi, chatEndpoints),
    api(newsletter, newsletterEndpoints),
    ...pages(helpDeskPages),
    ...pages(newsletterPages),
  ],
  tracking: [api(trackingApi, trackingEndpoints), ...pages(privacyPages)],
  dev: pages(devPages, devIdp),
};

/** Every mount in matching order. */
export const mounts = (): Mount[] => Object.values(ROUTE_TABLE).flat();

/** Every call of the JSON API (§7), in the order /openapi.json lists them. */
export const apiEndpoints = (): Endpoint[] => mounts().flatMap((mount) => mount.endpoints ?? []);
