import { describe, expect, it } from 'vitest';
import { STAFF_ACTIONS, STAFF_ROLES, isStaffRole, staffMay } from './staff-permissions.ts';

describe('staff permissions', () => {
  it('lets an owner take every action', () => {
    for (const action of STAFF_ACTIONS) expect(staffMay('owner', action)).toBe(true);
  });

  it('keeps refunds from fulfilment, prices from support and staff management from everyone but owners', () => {
    expect(staffMay('fulfilment', 'orders.refund')).toBe(false);
    expect(staffMay('fulfilment', 'orders.ship')).toBe(true);
    expect(staffMay('support', 'catalog.editPrices')).toBe(false);
    expect(staffMay('support', 'orders.refund')).toBe(true);
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      expect(staffMay(role, 'staff.manage')).toBe(false);
      expect(staffMay(role, 'audit.view')).toBe(false);
    }
  });

  it('knows the four roles and nothing else', () => {
    expect(STAFF_ROLES.every(isStaffRole)).toBe(true);
    for (const text of ['admin', 'Owner', '', null, 1]) expect(isStaffRole(text)).toBe(false);
  });
});
