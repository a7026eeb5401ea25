/** Route facts of spec §2: which pages get their own title, which have no layout, and so on. */

export const DEFAULT_TITLE = 'A Premium Aftermarket Car Parts Online Shop - Your Home For Auto';
export const DEFAULT_DESCRIPTION =
  'Shop aftermarket car parts that fit your vehicle: brakes, lighting, suspension, engine, body and more, ' +
  'shipped across the United States and Canada.';

/** The 19 routes whose title and description come from content configs by URL pattern. */
export const TITLED_ROUTES = [
  '/',
  '/about',
  '/affiliate-program',
  '/categories',
  '/createAccount',
  '/guidevideo',
  '/help',
  '/login',
  '/order/track',
  '/printInvoice',
  '/parts',
  '/retrievePassword',
  '/reviews',
  '/sale/easter-sale',
  '/search',
  '/shopCart',
  '/sign-up-discount',
  '/signUpResult',
  '/videos-shooting-offering',
] as const;

/** Routes rendered without the standard header and footer. */
export const NO_LAYOUT_ROUTES = [
  '/login',
  '/retrievePassword',
  '/signUpResult',
  '/checkout/orderResult',
  '/404',
  '/500',
  '/myAccount/orderHistory/orderDetail',
] as const;

/** Campaign pages that hide the footer newsletter block. */
export const NO_NEWSLETTER_ROUTES = [
  '/campaign/black-friday-cyber-monday-unbeatable-offer',
  '/campaign/amazing-offers-rolling-in',
  '/campaign/bf2',
] as const;

/** Information and policy pages whose written content is kept in content configs (/reviews is its own page). */
export const INFO_ROUTES = [
  '/about',
  '/affiliate-program',
  '/partnership',
  '/blogs',
  '/help',
  '/help/faq',
  '/help/feedback',
  '/page/return-policy',
  '/page/shipping-policy',
  '/page/warranty-policy',
  '/page/payment-method',
  '/page/terms-of-use',
  '/page/privacy-policy',
  '/page/california-supply-chain',
  '/guidevideo',
  '/videos-shooting-offering',
  '/sale/easter-sale',
] as const;
export type InfoRoute = (typeof INFO_ROUTES)[number];

/** The pages that show installation videos, and the heading over them. */
export const VIDEO_PAGES = {
  '/guidevideo': 'Installation videos',
  '/videos-shooting-offering': 'An example of a guide video',
} as const;

/** The popular makes linked from the footer; /makes is their 'Show more' target. */
export const POPULAR_MAKES = [
  { name: 'Chevrolet', href: '/makes/chevrolet' },
  { name: 'Ford', href: '/makes/ford' },
  { name: 'GMC', href: '/makes/gmc' },
  { name: 'Dodge', href: '/makes/dodge' },
  { name: 'Toyota', href: '/makes/toyota' },
] as const;

/** Query parameters that never belong in a canonical link. */
export const TRACKING_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'irclickid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'debug',
  'sid',
  'nid',
  '_ga',
] as const;

export function normalizePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

export function isTitledRoute(pathname: string): boolean {
  return (TITLED_ROUTES as readonly string[]).includes(normalizePath(pathname));
}

export function hasNoLayout(pathname: string): boolean {
  return (NO_LAYOUT_ROUTES as readonly string[]).includes(normalizePath(pathname));
}

export function hidesNewsletter(pathname: string): boolean {
  return (NO_NEWSLETTER_ROUTES as readonly string[]).includes(normalizePath(pathname));
}

/** Member account pages (and /myAccount with a type query) hide the standard header (§2). */
export function hidesHeader(pathname: string, search: URLSearchParams): boolean {
  const path = normalizePath(pathname);
  if (path === '/myAccount' && search.has('type')) return true;
  return path.startsWith('/myAccount/member');
}

/** On /myAccount with a type query the footer is hidden on mobile (§2 Footer). */
export function hidesMobileFooter(pathname: string, search: URLSearchParams): boolean {
  return normalizePath(pathname) === '/myAccount' && search.has('type');
}
