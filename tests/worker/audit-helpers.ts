import type { AuditEntry } from '../../worker/platform/audit.ts';

/** An audit entry as the back office hands one to a flow, for tests that act as staff without a session. */
export function testAudit(action: string, recordId: string): AuditEntry {
  return {
    staffId: null,
    staffEmail: 'tests@shop.localhost',
    action,
    recordType: 'order',
    recordId,
    before: null,
    after: null,
  };
}
