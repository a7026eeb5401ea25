import type { Shell } from '../platform/render/shell.ts';

export interface FooterLink {
  label: string;
  href: string;
}

/** Track order goes to order history for a member and /order/track for a visitor (§2). */
export function customerServiceLinks(shell: Shell): FooterLink[] {
  return [
    { label: 'Track order', href: shell.signedIn ? '/myAccount?type=orderHistory' : '/order/track' },
    { label: 'My points', href: shell.signedIn ? '/myAccount?type=member' : '/login' },
    { label: 'Return policy', href: '/page/return-policy' },
    { label: 'Shipping policy', href: '/page/shipping-policy' },
    { label: 'Warranty policy', href: '/page/warranty-policy' },
    { label: 'Payment methods', href: '/page/payment-method' },
    { label: 'FAQ', href: '/help/faq' },
    { label: 'Feedback', href: '/help/feedback' },
  ];
}

export function informationLinks(shell: Shell): FooterLink[] {
  const links = [
    { label: 'About us', href: '/about' },
    { label: 'Reviews', href: '/reviews' },
    { label: 'Blog', href: '/blogs' },
    { label: 'Affiliate program', href: '/affiliate-program' },
    { label: 'Partnership', href: '/partnership' },
    { label: 'Installation videos', href: '/guidevideo' },
    { label: 'Film an install video', href: '/videos-shooting-offering' },
    { label: 'California supply chain', href: '/page/california-supply-chain' },
  ];
  return shell.market.showBlog ? links : links.filter((link) => link.href !== '/blogs');
}

export const LEGAL_LINKS: FooterLink[] = [
  { label: 'Terms of use', href: '/page/terms-of-use' },
  { label: 'Privacy policy', href: '/page/privacy-policy' },
  { label: 'Your Privacy Choices', href: '/privacy-choices' },
];
