import type { ReactNode } from 'react';
import * as m from '../../../shared/i18n/generated/messages.js';

/** The member pages' own navigation: they have no standard header (§2 Shell behaviour). */
export const MEMBER_NAV = [
  { label: m.member_nav_points, href: '/myAccount?type=member' },
  { label: m.member_nav_levels, href: '/myAccount/member/level' },
  { label: m.member_nav_coupons, href: '/myAccount/member/coupons' },
  { label: m.member_nav_history, href: '/myAccount/member/history' },
  { label: m.member_nav_rules, href: '/myAccount/member/rule' },
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
          {m.member_back_to_shop()}
        </a>
        {signedIn ? <a href="/myAccount">{m.member_my_account()}</a> : <a href="/login">{m.member_sign_in()}</a>}
      </div>
      <h1>{heading}</h1>
      {signedIn && (
        <nav className="member-nav" aria-label={m.member_nav_label()}>
          {MEMBER_NAV.map((link) => (
            <a key={link.href} href={link.href} aria-current={link.href === current ? 'page' : undefined}>
              {link.label()}
            </a>
          ))}
        </nav>
      )}
      {children}
    </section>
  );
}
