/** User-facing messages of spec §5 and §8, copied exactly. */

export const MSG = {
  loginInvalid: 'Login is invalid. Please log in again',
  newsletterTooLong: 'Only can enter up to 55 characters',
  newsletterInvalidEmail: 'Please enter a valid email address',
  newsletterFailed: 'Failed to subscription, Please try again later',
  newsletterSuccess: 'Subscription successful',
  emailInvalid: 'Provide a valid email address.',
  phoneInvalid: 'Please enter 10 to 11 characters.',
  englishLettersRequired: 'Please enter English letters.',
  nameNeedsLetters: 'Name must include English letters.',
  addressSpecialChars: 'Address cannot contain special characters.',
  removeSpecialChars: 'Please remove special characters',
  reviewPrivacy: 'Privacy information is not allowed in the reviews content and title',
  urlInvalid: 'Please enter the correct url',
  copySuccessFooter: 'Copy success',
  copySuccess: 'Copied Successfully',
  copySuccessFallback: 'Replicated successfully',
  notFound: 'The page you are looking for cannot be found.',
  serverError: 'Something went wrong on our side. Please try again in a moment.',
} as const;

/** The network-error notice (§8): the shop's name followed by the fixed text. */
export function serviceExceptionMessage(shopName: string): string {
  return `${shopName} Service Exception Error. You can contact us through live chat for solutions.`;
}

/** Words of the accessible header (issue 23): names of controls that show no text of their own. */
export const A11Y_LABEL = {
  skipToMain: 'Skip to main content',
  searchParts: 'Search parts',
  searchSuggestions: 'Search suggestions',
  mainNav: 'Main',
  mobileNav: 'Mobile',
  menu: 'Menu',
  liveChat: 'Live chat',
} as const;

/** What the search box announces when its suggestions change (issue 23): "1 suggestion", "6 suggestions". */
export function suggestionCountMessage(count: number): string {
  if (count === 0) return 'No suggestions';
  return count === 1 ? '1 suggestion' : `${count} suggestions`;
}

/** The header cart link's accessible name: its visible text "Cart" and the count, in words (issue 23). */
export function cartLinkLabel(count: number): string {
  if (count <= 0) return 'Cart';
  if (count === 1) return 'Cart, 1 item';
  return `Cart, ${count > 99 ? '99+' : count} items`;
}

/** Stable error codes the API envelope carries. */
export const ERROR_CODE = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  unsupportedMediaType: 415,
  internal: 500,
  unavailable: 503,
  notSale: 503007,
} as const;
