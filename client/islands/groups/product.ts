// Islands of the product page.
export { default as AddToCart } from '../AddToCart.tsx';
export { default as DeliveryEstimate } from '../DeliveryEstimate.tsx';
export { default as FitmentBadge } from '../FitmentBadge.tsx';
export { default as ProductGallery } from '../ProductGallery.tsx';
export { default as ProductVideos } from '../ProductVideos.tsx';
export { default as Prop65Notice } from '../Prop65Notice.tsx';
export { default as ShipWarning } from '../ShipWarning.tsx';
export { default as VariantPicker } from '../VariantPicker.tsx';
export { default as RecentlyViewed } from '../RecentlyViewed.tsx';
export { default as Recommendations } from '../Recommendations.tsx';
export { default as ReviewForm } from '../ReviewForm.tsx';
