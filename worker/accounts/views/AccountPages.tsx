import type { ReactNode } from 'react';
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
        Back to the shop
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
    heading="Sign in"
    links={[
      { label: 'Create an account', href: '/createAccount' },
      { label: 'Forgot your password?', href: '/retrievePassword' },
    ]}
  >
    <Island name="LoginForm" component={LoginForm} props={{}} />
  </Entry>
);

export const CreateAccountPage = () => (
  <Entry heading="Create an account" links={[{ label: 'Already have an account? Sign in', href: '/login' }]}>
    <p>Keep your garage, orders, addresses and points on every device.</p>
    <Island name="CreateAccountForm" component={CreateAccountForm} props={{}} />
  </Entry>
);

/** After registering, or from the emailed link (`linked`: its token waits in an HttpOnly cookie). */
export const SignUpResultPage = ({ linked, message }: { linked: boolean; message: string | null }) => (
  <Entry heading="Welcome" links={[{ label: 'Continue shopping', href: '/' }]}>
    <Island name="SignUpResult" component={SignUpResult} props={{ linked, message }} />
  </Entry>
);

/**
 * The page the old address's undo link opens: a button, so a mail scanner's visit changes nothing. The link's
 * token waits in an HttpOnly cookie (`linked`), which the form's post reads.
 */
export const ChangeEmailUndoPage = ({ linked, message }: { linked: boolean; message: string | null }) => (
  <Entry heading="Undo the email change" links={[{ label: 'Back to sign in', href: '/login' }]}>
    {message || !linked ? (
      <p data-undo-result role="status">
        {message ?? 'Open the link in the email we sent to your old address to undo the change.'}
      </p>
    ) : (
      <form method="post" action="/changeEmailUndo" className="account-form">
        <p>Make this address the login of your account again and sign out every device.</p>
        <button className="button" type="submit">
          Undo the change
        </button>
      </form>
    )}
  </Entry>
);

/** Asking for a reset link, or choosing the new password from it (`linked`: its token is in a cookie). */
export const RetrievePasswordPage = ({ linked }: { linked: boolean }) => (
  <Entry
    heading={linked ? 'Choose a new password' : 'Reset your password'}
    links={[{ label: 'Back to sign in', href: '/login' }]}
  >
    <Island name="RetrievePassword" component={RetrievePassword} props={{ linked }} />
  </Entry>
);

const SECTION_TITLE: Record<string, string> = { orderHistory: 'Order history' };

const ACCOUNT_SECTIONS: readonly { href: string; label: string }[] = [
  { href: '/myAccount', label: 'Profile and addresses' },
  { href: '/myAccount?type=orderHistory', label: 'Order history' },
  { href: '/myAccount?type=member', label: 'My points' },
  { href: '/myAccount/member/coupons', label: 'Coupons' },
  { href: '/myAccount/member/level', label: 'Member level' },
  { href: '/myAccount/taxExemption', label: 'Tax exemption' },
];

/** The account area's sections, on each of its pages (`current`: the one shown). */
export const AccountNav = ({ current }: { current?: string }) => (
  <nav className="account-nav" aria-label="Account">
    {ACCOUNT_SECTIONS.map((section) => (
      <a key={section.href} href={section.href} aria-current={section.href === current ? 'page' : undefined}>
        {section.label}
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
    <h1>{type && SECTION_TITLE[type] ? SECTION_TITLE[type] : 'My account'}</h1>
    <AccountNav />
    {type === 'orderHistory' && orders ? (
      <OrderHistory data={orders} />
    ) : type && SECTION_TITLE[type] ? (
      <p>Your orders appear here once you place one.</p>
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
