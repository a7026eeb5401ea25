import type { auditLog } from '../service.ts';

type AuditLog = Awaited<ReturnType<typeof auditLog>>;

const when = (seconds: number) => new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);

/** The audit log for owners: who did what to which record, before and after, newest first. */
export function AuditPage({ log }: { log: AuditLog }) {
  return (
    <section>
      <h1>Audit log</h1>
      <p className="muted">{log.total} entries. Entries are never changed or removed.</p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>When (UTC)</th>
              <th>Who</th>
              <th>Action</th>
              <th>Record</th>
              <th>Before</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {log.entries.map((entry) => (
              <tr key={entry.id} data-action={entry.action}>
                <td>{when(entry.at)}</td>
                <td>{entry.staffEmail}</td>
                <td>{entry.action}</td>
                <td>
                  {entry.recordType} {entry.recordId ?? ''}
                </td>
                <td>
                  <pre>{entry.before ?? ''}</pre>
                </td>
                <td>
                  <pre>{entry.after ?? ''}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label="Pages">
        {log.page > 1 && <a href={`/admin/audit?page=${log.page - 1}`}>Newer</a>}
        <span>
          Page {log.page} of {log.pages}
        </span>
        {log.page < log.pages && <a href={`/admin/audit?page=${log.page + 1}`}>Older</a>}
      </nav>
    </section>
  );
}
