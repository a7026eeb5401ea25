import type { ReactNode } from 'react';

/** The member pages' own navigation: they have no standard header (§2 Shell behaviour). */
export const MEMBER_NAV = [
  { label: 'My points', href: '/myAccount?type=member' },
  { label: 'Level benefits', href: '/myAccount/member/level' },
  { label: 'Coupons', href: '/myAccount/member/coupons' },
  { label: 'Points history', href: '/myAccount/member/history' },
  { label: 'Reward rules', href: '/myAccount/member/rule' },
] as const;

/**
 * The frame of every member page: a way back to the shop and the account, the page's heading, and
 * the member pages' tabs with the current one marked. A visitor (the rules page) sees no tabs.
 */
export function MemberArea({
  heading,
  current,
  signedIn = true,
  children,
}: {
  heading: string;
  current: (typeof MEMBER_NAV)[number]['href'];
  signedIn?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="member-area" data-member-page={current}>
      <div className="member-area__top">
        <a className="logo logo--dark" href="/">
          Back to the shop
        </a>
        {signedIn ? <a href="/myAccount">My account</a> : <a href="/login">Sign in</a>}
      </div>
      <h1>{heading}</h1>
      {signedIn && (
        <nav className="member-nav" aria-label="Member">
          {MEMBER_NAV.map((link) => (
            <a key={link.href} href={link.href} aria-current={link.href === current ? 'page' : undefined}>
              {link.label}
            </a>
          ))}
        </nav>
      )}
      {children}
    </section>
  );
}
