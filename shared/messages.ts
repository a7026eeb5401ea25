/** User-facing messages of spec §5 and §8, copied exactly. */
import * as m from './i18n/generated/messages.js';

/**
 * The spec's messages (§5, §8) in the language being spoken: exactly the spec's words in English
 * (shared/i18n/messages/en.json), the French catalogue's on the French pages.
 */
export const MSG = {
  get loginInvalid() {
    return m.msg_login_invalid();
  },
  get newsletterTooLong() {
    return m.msg_newsletter_too_long();
  },
  get newsletterInvalidEmail() {
    return m.msg_newsletter_invalid_email();
  },
  get newsletterFailed() {
    return m.msg_newsletter_failed();
  },
  get newsletterSuccess() {
    return m.msg_newsletter_success();
  },
  get emailInvalid() {
    return m.msg_email_invalid();
  },
  get phoneInvalid() {
    return m.msg_phone_invalid();
  },
  get englishLettersRequired() {
    return m.msg_english_letters_required();
  },
  get nameNeedsLetters() {
    return m.msg_name_needs_letters();
  },
  get addressSpecialChars() {
    return m.msg_address_special_chars();
  },
  get removeSpecialChars() {
    return m.msg_remove_special_chars();
  },
  get reviewPrivacy() {
    return m.msg_review_privacy();
  },
  get urlInvalid() {
    return m.msg_url_invalid();
  },
  get copySuccessFooter() {
    return m.msg_copy_success_footer();
  },
  get copySuccess() {
    return m.msg_copy_success();
  },
  get copySuccessFallback() {
    return m.msg_copy_success_fallback();
  },
  get notFound() {
    return m.msg_not_found();
  },
  get serverError() {
    return m.msg_server_error();
  },
};

/** The network-error notice (§8): the shop's name followed by the fixed text. */
export function serviceExceptionMessage(shopName: string): string {
  return m.msg_service_exception({ shopName });
}

/** Words of the accessible header (issue 23): names of controls that show no text of their own. */
export const A11Y_LABEL = {
  get skipToMain() {
    return m.a11y_skip_to_main();
  },
  get searchParts() {
    return m.a11y_search_parts();
  },
  get searchSuggestions() {
    return m.a11y_search_suggestions();
  },
  get mainNav() {
    return m.a11y_main_nav();
  },
  get mobileNav() {
    return m.a11y_mobile_nav();
  },
  get menu() {
    return m.a11y_menu();
  },
  get liveChat() {
    return m.footer_live_chat();
  },
};

/** What the search box announces when its suggestions change (issue 23): "1 suggestion", "6 suggestions". */
export function suggestionCountMessage(count: number): string {
  if (count === 0) return m.suggestions_none();
  return m.suggestions_count({ count });
}

/** The header cart link's accessible name: its visible text "Cart" and the count, in words (issue 23). */
export function cartLinkLabel(count: number): string {
  if (count <= 0) return m.header_cart();
  if (count > 99) return m.header_cart_many();
  return m.header_cart_label({ count });
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
