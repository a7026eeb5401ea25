// Islands of checkout, payment and the order pages.
export { default as CheckoutPage } from '../CheckoutPage.tsx';
export { default as OrderActions } from '../OrderActions.tsx';
export { default as OrderResult } from '../OrderResult.tsx';
export { default as PayAgain } from '../PayAgain.tsx';
