import { staffMay } from '../../../shared/staff-permissions.ts';
import { POINTS_REASON_MAX } from '../customers.ts';
import type { CustomerRecord } from '../../accounts/staff.ts';
import type { StaffMember } from '../service.ts';
import { CsrfField } from './CsrfField.tsx';

/** Resend the confirmation email and block or unblock: each shown to the roles that may. */
export function CustomerActions(props: { account: CustomerRecord; staff: StaffMember; csrf: string }) {
  const { account, staff } = props;
  const path = `/admin/customers/${account.id}`;
  const blocked = account.blockedAt !== null;
  return (
    <div className="inline">
      {account.emailVerified !== 1 && staffMay(staff.role, 'customers.resendConfirmation') && (
        <form method="post" action={`${path}/resend-confirmation`} className="inline">
          <CsrfField value={props.csrf} />
          <button type="submit" className="secondary">
            Resend confirmation email
          </button>
        </form>
      )}
      {staffMay(staff.role, 'customers.block') && (
        <form method="post" action={`${path}/${blocked ? 'unblock' : 'block'}`} className="inline">
          <CsrfField value={props.csrf} />
          <button type="submit" className="secondary">
            {blocked ? 'Unblock account' : 'Block account (signs them out)'}
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * Adds or takes points with a reason. The form carries a fresh idempotency key, so a double
 * submit (or the browser re-posting it) is applied once.
 */
export function PointsForm(props: { accountId: number; staff: StaffMember; csrf: string; formKey: string }) {
  if (!staffMay(props.staff.role, 'customers.adjustPoints')) return null;
  return (
    <form
      method="post"
      action={`/admin/customers/${props.accountId}/points`}
      className="panel form-grid"
      aria-label="Adjust points"
    >
      <CsrfField value={props.csrf} />
      <input type="hidden" name="idempotencyKey" value={props.formKey} />
      <div>
        <label htmlFor="points">Points (+ to add, - to take)</label>
        <input id="points" name="points" inputMode="numeric" pattern="[+\-]?[0-9]{1,7}" required />
      </div>
      <div>
        <label htmlFor="reason">Reason</label>
        <input id="reason" name="reason" maxLength={POINTS_REASON_MAX} required />
      </div>
      <button type="submit">Adjust points</button>
    </form>
  );
}
