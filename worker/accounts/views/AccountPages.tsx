import type { ReactNode } from 'react';
import * as m from '../../../shared/i18n/generated/messages.js';
import type { SavedAddress } from '../../../shared/api/accounts.ts';
import AccountAddresses from '../../../client/islands/AccountAddresses.tsx';
import AccountProfile, { type AccountProfileProps } from '../../../client/islands/AccountProfile.tsx';
import CreateAccountForm from '../../../client/islands/CreateAccountForm.tsx';
import LoginForm from '../../../client/islands/LoginForm.tsx';
import RetrievePassword from '../../../client/islands/RetrievePassword.tsx';
import SignUpResult from '../../../client/islands/SignUpResult.tsx';
import type { Market } from '../../../shared/markets.ts';
import { Island } from '../../platform/render/Island.tsx';
import { OrderHistory, type OrderHistoryData } from '../../orders/views/OrderPages.tsx';

function Entry({
  heading,
  children,
  links,
}: {
  heading: string;
  children: ReactNode;
  links: { label: string; href: string }[];
}) {
  return (
    <section className="account-entry">
      <a className="logo logo--dark" href="/">
        {m.account_back_to_shop()}
      </a>
      <h1>{heading}</h1>
      {children}
      <ul className="account-links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const LoginPage = () => (
  <Entry
    heading={m.account_sign_in_heading()}
    links={[
      { label: m.account_create(), href: '/createAccount' },
      { label: m.account_forgot(), href: '/retrievePassword' },
    ]}
  >
    <Island name="LoginForm" component={LoginForm} props={{}} />
  </Entry>
);

export const CreateAccountPage = () => (
  <Entry heading={m.account_create()} links={[{ label: m.account_have_one(), href: '/login' }]}>
    <p>{m.account_create_pitch()}</p>
    <Island name="CreateAccountForm" component={CreateAccountForm} props={{}} />
  </Entry>
);

/** After registering, or from the emailed link (`linked`: its token waits in an HttpOnly cookie). */
export const SignUpResultPage = ({ linked, message }: { linked: boolean; message: string | null }) => (
  <Entry heading={m.account_welcome()} links={[{ label: m.account_continue_shopping(), href: '/' }]}>
    <Island name="SignUpResult" component={SignUpResult} props={{ linked, message }} />
  </Entry>
);

/**
 * The page the old address's undo link opens: a button, so a mail scanner's visit changes nothing. The link's
 * token waits in an HttpOnly cookie (`linked`), which the form's post reads.
 */
export const ChangeEmailUndoPage = ({ linked, message }: { linked: boolean; message: string | null }) => (
  <Entry heading={m.account_undo_heading()} links={[{ label: m.account_back_to_sign_in(), href: '/login' }]}>
    {message || !linked ? (
      <p data-undo-result role="status">
        {message ?? m.account_undo_open_link()}
      </p>
    ) : (
      <form method="post" action="/changeEmailUndo" className="account-form">
        <p>{m.account_undo_text()}</p>
        <button className="button" type="submit">
          {m.account_undo_button()}
        </button>
      </form>
    )}
  </Entry>
);

/** Asking for a reset link, or choosing the new password from it (`linked`: its token is in a cookie). */
export const RetrievePasswordPage = ({ linked }: { linked: boolean }) => (
  <Entry
    heading={linked ? m.account_new_password_heading() : m.account_reset_heading()}
    links={[{ label: m.account_back_to_sign_in(), href: '/login' }]}
  >
    <Island name="RetrievePassword" component={RetrievePassword} props={{ linked }} />
  </Entry>
);

const SECTION_TITLE: Record<string, () => string> = { orderHistory: m.account_order_history };

const ACCOUNT_SECTIONS: readonly { href: string; label: () => string }[] = [
  { href: '/myAccount', label: m.account_nav_profile },
  { href: '/myAccount?type=orderHistory', label: m.account_order_history },
  { href: '/myAccount?type=member', label: m.member_nav_points },
  { href: '/myAccount/member/coupons', label: m.member_nav_coupons },
  { href: '/myAccount/member/level', label: m.account_nav_level },
  { href: '/myAccount/taxExemption', label: m.account_nav_tax_exemption },
];

/** The account area's sections, on each of its pages (`current`: the one shown). */
export const AccountNav = ({ current }: { current?: string }) => (
  <nav className="account-nav" aria-label={m.account_nav_label()}>
    {ACCOUNT_SECTIONS.map((section) => (
      <a key={section.href} href={section.href} aria-current={section.href === current ? 'page' : undefined}>
        {section.label()}
      </a>
    ))}
  </nav>
);

export const MyAccountPage = ({
  profile,
  addresses,
  market,
  type,
  orders = null,
}: {
  profile: AccountProfileProps;
  addresses: SavedAddress[];
  market: Market;
  type: string | null;
  orders?: OrderHistoryData | null;
}) => (
  <section className="my-account">
    <h1>{type && SECTION_TITLE[type] ? SECTION_TITLE[type]() : m.account_my_account()}</h1>
    <AccountNav />
    {type === 'orderHistory' && orders ? (
      <OrderHistory data={orders} />
    ) : type && SECTION_TITLE[type] ? (
      <p>{m.account_orders_empty()}</p>
    ) : (
      <>
        <Island name="AccountProfile" component={AccountProfile} props={profile} />
        <Island
          name="AccountAddresses"
          component={AccountAddresses}
          props={{
            addresses,
            market: market.id,
            labels: { region: market.labels.region, postalCode: market.labels.postalCode },
          }}
        />
      </>
    )}
  </section>
);
