import type { ComponentType } from 'react';

/** Every island the browser can hydrate, each in a chunk of its own. */
// Each island takes its own props, which hydrate passes from the page's JSON.
// biome-ignore lint/suspicious/noExplicitAny: props differ per island
export const islandLoaders: Record<string, () => Promise<{ default: ComponentType<any> }>> = {
  NoticeHost: () => import('./NoticeHost.tsx'),
  LoadingBar: () => import('./LoadingBar.tsx'),
  CopyText: () => import('./CopyText.tsx'),
  LoginForm: () => import('./LoginForm.tsx'),
  CreateAccountForm: () => import('./CreateAccountForm.tsx'),
  SignUpResult: () => import('./SignUpResult.tsx'),
  RetrievePassword: () => import('./RetrievePassword.tsx'),
  AccountProfile: () => import('./AccountProfile.tsx'),
  AccountAddresses: () => import('./AccountAddresses.tsx'),
  VehicleSelector: () => import('./VehicleSelector.tsx'),
  HeaderVehicle: () => import('./HeaderVehicle.tsx'),
  HeaderCart: () => import('./HeaderCart.tsx'),
  AddToCart: () => import('./AddToCart.tsx'),
  DeliveryEstimate: () => import('./DeliveryEstimate.tsx'),
  CartPage: () => import('./CartPage.tsx'),
  CheckoutPage: () => import('./CheckoutPage.tsx'),
  OrderResult: () => import('./OrderResult.tsx'),
  PayAgain: () => import('./PayAgain.tsx'),
  GarageList: () => import('./GarageList.tsx'),
  VehicleApply: () => import('./VehicleApply.tsx'),
  FitmentBadge: () => import('./FitmentBadge.tsx'),
  CardFitment: () => import('./CardFitment.tsx'),
  RecentlyViewed: () => import('./RecentlyViewed.tsx'),
  ProductVideos: () => import('./ProductVideos.tsx'),
  ProductGallery: () => import('./ProductGallery.tsx'),
  Recommendations: () => import('./Recommendations.tsx'),
  OrderActions: () => import('./OrderActions.tsx'),
  ReviewForm: () => import('./ReviewForm.tsx'),
  SearchBox: () => import('./SearchBox.tsx'),
  SubscribeModal: () => import('./SubscribeModal.tsx'),
  NewsletterForm: () => import('./NewsletterForm.tsx'),
};
