import type { Shell } from '../platform/render/shell.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export interface FooterLink {
  label: string;
  href: string;
}

/** Track order goes to order history for a member and /order/track for a visitor (§2). */
export function customerServiceLinks(shell: Shell): FooterLink[] {
  return [
    { label: m.link_track_order(), href: shell.signedIn ? '/myAccount?type=orderHistory' : '/order/track' },
    { label: m.link_my_points(), href: shell.signedIn ? '/myAccount?type=member' : '/login' },
    { label: m.link_return_policy(), href: '/page/return-policy' },
    { label: m.link_shipping_policy(), href: '/page/shipping-policy' },
    { label: m.link_warranty_policy(), href: '/page/warranty-policy' },
    { label: m.link_payment_methods(), href: '/page/payment-method' },
    { label: m.link_faq(), href: '/help/faq' },
    { label: m.link_feedback(), href: '/help/feedback' },
  ];
}

export function informationLinks(shell: Shell): FooterLink[] {
  const links = [
    { label: m.link_about_us(), href: '/about' },
    { label: m.link_reviews(), href: '/reviews' },
    { label: m.link_blog(), href: '/blogs' },
    { label: m.link_affiliate_program(), href: '/affiliate-program' },
    { label: m.link_partnership(), href: '/partnership' },
    { label: m.link_installation_videos(), href: '/guidevideo' },
    { label: m.link_film_install_video(), href: '/videos-shooting-offering' },
    { label: m.link_california_supply_chain(), href: '/page/california-supply-chain' },
  ];
  return shell.market.showBlog ? links : links.filter((link) => link.href !== '/blogs');
}

/** The legal links of the copyright line, in the language being spoken. */
export const legalLinks = (): FooterLink[] => [
  { label: m.link_terms_of_use(), href: '/page/terms-of-use' },
  { label: m.link_privacy_policy(), href: '/page/privacy-policy' },
  { label: m.link_privacy_choices(), href: '/privacy-choices' },
];
