import { STAFF_ROLE_LABEL } from '../../../shared/staff-permissions.ts';
import type { StaffMember } from '../service.ts';

/** The console's home: who is signed in. (The dashboard's figures come with issue 19's later part.) */
export function HomePage({ staff }: { staff: StaffMember }) {
  return (
    <section>
      <h1>{`Welcome, ${staff.name}`}</h1>
      <p className="panel">
        {`Signed in as ${staff.email} (${STAFF_ROLE_LABEL[staff.role]}). `}
        Use the navigation above to open the sections your role allows.
      </p>
    </section>
  );
}
