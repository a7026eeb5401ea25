/**
 * The back office's roles and what each may do: one table, checked by the one guard every staff
 * route goes through (worker/admin/guard.ts). A role not listed for an action is refused (403).
 */

export const STAFF_ROLES = ['owner', 'fulfilment', 'support', 'merchandiser'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABEL: Record<StaffRole, string> = {
  owner: 'Owner',
  fulfilment: 'Fulfilment',
  support: 'Support',
  merchandiser: 'Merchandiser',
};

/** Every staff action, by the name the audit log and the guard use. */
export const STAFF_ACTIONS = [
  'dashboard.view',
  'orders.view',
  'orders.ship',
  'orders.editAddress',
  'orders.note',
  'orders.cancel',
  'orders.refund',
  'payments.disputes',
  'payments.reconcile',
  'returns.view',
  'returns.decide',
  'returns.receive',
  'reviews.moderate',
  'support.chat',
  'customers.view',
  'customers.adjustPoints',
  'customers.resendConfirmation',
  'customers.block',
  'customers.taxExemptions',
  'catalog.edit',
  'catalog.editPrices',
  'promotions.manage',
  'content.manage',
  'staff.manage',
  'audit.view',
  'analytics.view',
  'tax.registrations',
  'tax.reports',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/**
 * Which roles may take each action. Fulfilment ships and receives returned parts but never
 * refunds; support looks after shoppers (refunds, return decisions, reviews, points, confirmation
 * emails, blocking, members' tax exemption certificates) but never edits the catalog or prices;
 * catalog.edit is a product's title, description, images and statuses, catalog.editPrices its
 * SKUs' prices and stock (and the CSV); content.manage edits, previews and publishes the
 * storefront's content and campaigns; only an owner manages staff, reads the audit log, keeps the
 * sales-tax registrations and reads the tax reports (the shop's filings and where it owes tax) and
 * the payment reconciliation; support answers payment disputes (chargebacks) beside the owner.
 */
export const STAFF_PERMISSIONS: Record<StaffAction, readonly StaffRole[]> = {
  'dashboard.view': ['owner', 'fulfilment', 'support', 'merchandiser'],
  'orders.view': ['owner', 'fulfilment', 'support'],
  'orders.ship': ['owner', 'fulfilment'],
  'orders.editAddress': ['owner', 'fulfilment', 'support'],
  'orders.note': ['owner', 'fulfilment', 'support'],
  'orders.cancel': ['owner', 'support'],
  'orders.refund': ['owner', 'support'],
  'payments.disputes': ['owner', 'support'],
  'payments.reconcile': ['owner'],
  'returns.view': ['owner', 'fulfilment', 'support'],
  'returns.decide': ['owner', 'support'],
  'returns.receive': ['owner', 'fulfilment'],
  'reviews.moderate': ['owner', 'support', 'merchandiser'],
  'support.chat': ['owner', 'support'],
  'customers.view': ['owner', 'support'],
  'customers.adjustPoints': ['owner', 'support'],
  'customers.resendConfirmation': ['owner', 'support'],
  'customers.block': ['owner', 'support'],
  'customers.taxExemptions': ['owner', 'support'],
  'catalog.edit': ['owner', 'merchandiser'],
  'catalog.editPrices': ['owner', 'merchandiser'],
  'promotions.manage': ['owner', 'merchandiser'],
  'content.manage': ['owner', 'merchandiser'],
  'staff.manage': ['owner'],
  'audit.view': ['owner'],
  'analytics.view': ['owner'],
  'tax.registrations': ['owner'],
  'tax.reports': ['owner'],
};

/** Whether a role may take an action. */
export function staffMay(role: StaffRole, action: StaffAction): boolean {
  return STAFF_PERMISSIONS[action].includes(role);
}

/** Whether a text names a staff role (form input, a script's flag). */
export function isStaffRole(text: unknown): text is StaffRole {
  return typeof text === 'string' && (STAFF_ROLES as readonly string[]).includes(text);
}
