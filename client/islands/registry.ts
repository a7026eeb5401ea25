import type { ComponentType } from 'react';
import CopyText from './CopyText.tsx';
import HeaderCart from './HeaderCart.tsx';
import HeaderVehicle from './HeaderVehicle.tsx';
import LoadingBar from './LoadingBar.tsx';
import NewsletterForm from './NewsletterForm.tsx';
import NoticeHost from './NoticeHost.tsx';
import SearchBox from './SearchBox.tsx';
import SubscribeModal from './SubscribeModal.tsx';

// Each island takes its own props, which hydrate passes from the page's JSON.
// biome-ignore lint/suspicious/noExplicitAny: props differ per island
type IslandComponent = ComponentType<any>;
type IslandLoader = () => Promise<{ default: IslandComponent }>;

/** An island of the page shell (header, footer, notices): part of the entry script, no request of its own. */
const inEntry =
  (component: IslandComponent): IslandLoader =>
  () =>
    Promise.resolve({ default: component });

/**
 * An island of one family of pages, loaded with the rest of its family in one group module: a
 * page needs one or two groups, so it makes a few script requests rather than one per island.
 */
function inGroup<Group>(load: () => Promise<Group>, name: keyof Group & string): IslandLoader {
  return () => load().then((group) => ({ default: group[name] as IslandComponent }));
}

const shop = () => import('./groups/shop.ts');
const product = () => import('./groups/product.ts');
const cart = () => import('./groups/cart.ts');
const orders = () => import('./groups/orders.ts');
const account = () => import('./groups/account.ts');
const returns = () => import('./groups/returns.ts');

/**
 * Every island the browser can hydrate, by the name `<Island>` gives it. An island of a few pages
 * that belongs to no group loads in a chunk of its own (the `import('./Name.tsx')` lines).
 */
export const islandLoaders: Record<string, IslandLoader> = {
  NoticeHost: inEntry(NoticeHost),
  LoadingBar: inEntry(LoadingBar),
  HeaderCart: inEntry(HeaderCart),
  HeaderVehicle: inEntry(HeaderVehicle),
  SearchBox: inEntry(SearchBox),
  NewsletterForm: inEntry(NewsletterForm),
  SubscribeModal: inEntry(SubscribeModal),
  CopyText: inEntry(CopyText),
  Countdown: () => import('./Countdown.tsx'),
  ChatLauncher: () => import('./ChatLauncher.tsx'),
  CardFitment: inGroup(shop, 'CardFitment'),
  GarageList: inGroup(shop, 'GarageList'),
  HomeAnnouncements: inGroup(shop, 'HomeAnnouncements'),
  HomeProductRow: inGroup(shop, 'HomeProductRow'),
  VehicleApply: inGroup(shop, 'VehicleApply'),
  VehicleSelector: inGroup(shop, 'VehicleSelector'),
  AddToCart: inGroup(product, 'AddToCart'),
  DeliveryEstimate: inGroup(product, 'DeliveryEstimate'),
  FitmentBadge: inGroup(product, 'FitmentBadge'),
  Prop65Notice: inGroup(product, 'Prop65Notice'),
  ShipWarning: inGroup(product, 'ShipWarning'),
  ProductGallery: inGroup(product, 'ProductGallery'),
  ProductVideos: inGroup(product, 'ProductVideos'),
  RecentlyViewed: inGroup(product, 'RecentlyViewed'),
  Recommendations: inGroup(product, 'Recommendations'),
  ReviewForm: inGroup(product, 'ReviewForm'),
  VariantPicker: inGroup(product, 'VariantPicker'),
  CartPage: inGroup(cart, 'CartPage'),
  CheckoutPage: inGroup(orders, 'CheckoutPage'),
  OrderActions: inGroup(orders, 'OrderActions'),
  OrderResult: inGroup(orders, 'OrderResult'),
  PayAgain: inGroup(orders, 'PayAgain'),
  AccountAddresses: inGroup(account, 'AccountAddresses'),
  AccountProfile: inGroup(account, 'AccountProfile'),
  CreateAccountForm: inGroup(account, 'CreateAccountForm'),
  LoginForm: inGroup(account, 'LoginForm'),
  MemberCoupons: inGroup(account, 'MemberCoupons'),
  MemberLevelCoupons: inGroup(account, 'MemberLevelCoupons'),
  MemberPointsLog: inGroup(account, 'MemberPointsLog'),
  RetrievePassword: inGroup(account, 'RetrievePassword'),
  SignUpResult: inGroup(account, 'SignUpResult'),
  ReturnEvidence: inGroup(returns, 'ReturnEvidence'),
  ReturnForm: inGroup(returns, 'ReturnForm'),
};
