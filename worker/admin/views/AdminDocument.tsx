import type { ReactNode } from 'react';
import { STAFF_ROLE_LABEL, type StaffAction, staffMay } from '../../../shared/staff-permissions.ts';
import type { StaffMember } from '../service.ts';
import { ADMIN_CSS } from './admin-css.ts';
import { CsrfField } from './CsrfField.tsx';
import { staticAsset } from '../../platform/build-info.ts';

/** The console's sections, each shown to the roles that may open it. */
const SECTIONS: { href: string; label: string; action: StaffAction }[] = [
  { href: '/admin', label: 'Home', action: 'dashboard.view' },
  { href: '/admin/orders', label: 'Orders', action: 'orders.view' },
  { href: '/admin/returns', label: 'Returns', action: 'returns.view' },
  { href: '/admin/payments/disputes', label: 'Disputes', action: 'payments.disputes' },
  { href: '/admin/payments/reconciliation', label: 'Reconciliation', action: 'payments.reconcile' },
  { href: '/admin/reviews', label: 'Reviews', action: 'reviews.moderate' },
  { href: '/admin/promotions', label: 'Promotions', action: 'promotions.manage' },
  { href: '/admin/content', label: 'Content', action: 'content.manage' },
  { href: '/admin/settings', label: 'Settings', action: 'content.manage' },
  { href: '/admin/catalog', label: 'Catalog', action: 'catalog.edit' },
  { href: '/admin/customers', label: 'Customers', action: 'customers.view' },
  { href: '/admin/tax-exemptions', label: 'Tax exemptions', action: 'customers.taxExemptions' },
  { href: '/admin/chat', label: 'Live chat', action: 'support.chat' },
  { href: '/admin/analytics', label: 'Analytics', action: 'analytics.view' },
  { href: '/admin/tax/registrations', label: 'Sales tax', action: 'tax.reports' },
  { href: '/admin/staff', label: 'Staff', action: 'staff.manage' },
  { href: '/admin/audit', label: 'Audit log', action: 'audit.view' },
];

/** The staff console's document: its own header and navigation, no storefront chrome, noindex. */
export function AdminDocument(props: {
  title: string;
  staff: StaffMember | null;
  csrf: string;
  path: string;
  children: ReactNode;
}) {
  const { staff } = props;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${props.title} | Back office`}</title>
        <link rel="icon" href={staticAsset('/static/favicon.svg')} type="image/svg+xml" />
        <style>{ADMIN_CSS}</style>
      </head>
      <body className="admin">
        <header className="admin-bar">
          <strong className="admin-brand">Back office</strong>
          {staff && (
            <nav aria-label="Console">
              {SECTIONS.filter((section) => staffMay(staff.role, section.action)).map((section) => (
                <a
                  key={section.href}
                  href={section.href}
                  aria-current={props.path === section.href ? 'page' : undefined}
                >
                  {section.label}
                </a>
              ))}
            </nav>
          )}
          {staff && (
            <form method="post" action="/admin/sign-out" className="admin-who">
              <span>{`${staff.name} · ${STAFF_ROLE_LABEL[staff.role]}`}</span>
              <CsrfField value={props.csrf} />
              <button type="submit" className="link">
                Sign out
              </button>
            </form>
          )}
        </header>
        <main className="admin-main">{props.children}</main>
      </body>
    </html>
  );
}
