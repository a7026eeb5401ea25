/** Names the browser scripts use for storage and windows, shared with the server views. */
export const STORAGE_KEY = {
  token: 'token',
  user: 'user',
  cart: 'cart',
  cartId: 'cartId',
  vehicle: 'vehicle',
  search: 'search',
  previousRoute: 'previous-route',
  currentRoute: 'current-route',
} as const;

/** The name checkout gives the payment provider's window; that window closes itself on return. */
export const PAYMENT_WINDOW_NAME = 'payment-provider';

/**
 * The cookie that carries the current vehicle's attributeValueId to the server, so the pages it renders (search, a
 * vehicle's parts) are about that vehicle from the first byte. Written by the browser's garage; a query's
 * attributeValueId wins over it.
 */
export const VEHICLE_COOKIE = 'vehicle';

/**
 * On a list page about a vehicle other than the shopper's own (named in a search's words, or the query's), the
 * attribute on the page's root that gives its node ids comma-joined, year first ('' when it has no year yet): the
 * cards' fit is checked against it.
 */
export const FIT_VEHICLE_ATTRIBUTE = 'data-fit-vehicle';
