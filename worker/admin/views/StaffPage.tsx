import { STAFF_ROLE_LABEL, STAFF_ROLES, type StaffRole } from '../../../shared/staff-permissions.ts';
import type { NewStaff, listStaff } from '../service.ts';
import { CsrfField } from './CsrfField.tsx';

type StaffList = Awaited<ReturnType<typeof listStaff>>;

function RoleSelect(props: { id: string; value?: StaffRole }) {
  return (
    <select id={props.id} name="role" defaultValue={props.value ?? ''} required>
      {props.value === undefined && (
        <option value="" disabled>
          Choose a role
        </option>
      )}
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {STAFF_ROLE_LABEL[role]}
        </option>
      ))}
    </select>
  );
}

/** Shown once after adding someone: the first password and the authenticator secret. */
function AddedNotice({ added }: { added: NewStaff }) {
  return (
    <div className="ok" role="status" data-added={added.email}>
      <p>
        Added <strong>{added.email}</strong>. Pass these on privately; they are not shown again.
      </p>
      <p>
        Password:{' '}
        <span className="secret" data-field="password">
          {added.password}
        </span>
      </p>
      <p>
        Authenticator secret:{' '}
        <span className="secret" data-field="totp-secret">
          {added.totpSecret}
        </span>
      </p>
      <p>
        Setup URL:{' '}
        <span className="secret" data-field="otpauth">
          {added.otpauthUrl}
        </span>
      </p>
    </div>
  );
}

const utc = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(11, 16)} UTC`;

/** A locked account: until when, and for owners the form that lifts the lock at once. */
function LockedBadge({ person, csrf, self }: { person: StaffList[number]; csrf: string; self: boolean }) {
  return (
    <span data-locked={person.email}>
      {' '}
      <span className="badge off">{`Locked until ${utc(person.lockedUntil!)}`}</span>
      {!self && (
        <form method="post" action={`/admin/staff/${person.id}/unlock`} className="inline">
          <CsrfField value={csrf} />
          <button type="submit" className="secondary">
            Unlock
          </button>
        </form>
      )}
    </span>
  );
}

function StaffRowForm({ person, csrf, self }: { person: StaffList[number]; csrf: string; self: boolean }) {
  return (
    <tr data-staff={person.email}>
      <td>{person.name}</td>
      <td>{person.email}</td>
      <td>
        <span className={person.active ? 'badge' : 'badge off'}>{person.active ? 'Active' : 'Deactivated'}</span>
        {person.lockedUntil !== null && <LockedBadge person={person} csrf={csrf} self={self} />}
      </td>
      <td className="num">{person.failedAttempts}</td>
      <td>
        {self ? (
          `${STAFF_ROLE_LABEL[person.role]} (you)`
        ) : (
          <form method="post" action={`/admin/staff/${person.id}`} className="inline">
            <CsrfField value={csrf} />
            <RoleSelect id={`role-${person.id}`} value={person.role} />
            <input type="hidden" name="active" value={person.active ? 'true' : 'false'} />
            <button type="submit" className="secondary">
              Change role
            </button>
          </form>
        )}
      </td>
      <td>
        {!self && (
          <form method="post" action={`/admin/staff/${person.id}`} className="inline">
            <CsrfField value={csrf} />
            <input type="hidden" name="role" value={person.role} />
            <input type="hidden" name="active" value={person.active ? 'false' : 'true'} />
            <button type="submit" className="secondary">
              {person.active ? 'Deactivate' : 'Reactivate'}
            </button>
          </form>
        )}
      </td>
    </tr>
  );
}

/** The owners' staff page: everyone, add a staff member, change a role, deactivate. */
export function StaffPage(props: {
  staff: StaffList;
  csrf: string;
  selfId: number;
  added?: NewStaff;
  error?: string;
  input?: { email?: string; name?: string };
}) {
  return (
    <section>
      <h1>Staff</h1>
      {props.added && <AddedNotice added={props.added} />}
      {props.error && (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
      <form method="post" action="/admin/staff" className="panel form-grid" aria-label="Add staff">
        <CsrfField value={props.csrf} />
        <div>
          <label htmlFor="new-email">Email</label>
          <input id="new-email" name="email" type="email" required defaultValue={props.input?.email} />
        </div>
        <div>
          <label htmlFor="new-name">Name</label>
          <input id="new-name" name="name" required maxLength={80} defaultValue={props.input?.name} />
        </div>
        <div>
          <label htmlFor="new-role">Role</label>
          <RoleSelect id="new-role" />
        </div>
        <button type="submit">Add staff</button>
      </form>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Status</th>
              <th className="num">Failed sign-ins</th>
              <th>Role</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {props.staff.map((person) => (
              <StaffRowForm key={person.id} person={person} csrf={props.csrf} self={person.id === props.selfId} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
