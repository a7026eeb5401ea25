import {
  EXEMPTION_KIND_LABEL,
  EXEMPTION_STATUS_LABEL,
  EXEMPTION_STATUSES,
  exemptionRegionName,
} from '../../../shared/tax-exemptions.ts';
import type { ExemptionCertificate, ExemptionQueue, ExemptionQueueStatus } from '../../tax/staff.ts';
import { placedAt } from './OrdersPage.tsx';

const TABS: ExemptionQueueStatus[] = [...EXEMPTION_STATUSES, 'ALL'];
const tabLabel = (status: ExemptionQueueStatus) => (status === 'ALL' ? 'All' : EXEMPTION_STATUS_LABEL[status]);
const tabCount = (queue: ExemptionQueue, status: ExemptionQueueStatus) =>
  status === 'ALL' ? queue.counts.PENDING + queue.counts.APPROVED + queue.counts.REJECTED : queue.counts[status];

export const certificatePath = (id: number) => `/admin/tax-exemptions/${id}`;

/** A certificate's regions in words: "Ohio, Texas"; the member's claim until staff approved their own. */
export const regionsOf = (certificate: ExemptionCertificate) =>
  (certificate.status === 'APPROVED' ? certificate.regions : certificate.claimedRegions)
    .map(exemptionRegionName)
    .join(', ');

/** The status as a badge, coloured as the returns queue colours its own. */
export function StatusBadge({ certificate }: { certificate: ExemptionCertificate }) {
  const tone = certificate.status === 'APPROVED' ? 'approved' : certificate.status === 'REJECTED' ? 'rejected' : '';
  return <span className={`badge return-${tone}`}>{EXEMPTION_STATUS_LABEL[certificate.status]}</span>;
}

/** The review queue of members' exemption certificates: a tab per status with its count, oldest sent first. */
export function TaxExemptionsPage({ queue }: { queue: ExemptionQueue }) {
  const link = (status: ExemptionQueueStatus, page = 1) =>
    `/admin/tax-exemptions?status=${status}${page > 1 ? `&page=${page}` : ''}`;
  return (
    <section>
      <h1>Tax exemption certificates</h1>
      <nav className="tabs" aria-label="Certificate status">
        {TABS.map((status) => (
          <a key={status} href={link(status)} aria-current={status === queue.status ? 'page' : undefined}>
            {`${tabLabel(status)} (${tabCount(queue, status)})`}
          </a>
        ))}
      </nav>
      {queue.rows.length === 0 ? (
        <p className="panel">
          {queue.status === 'PENDING' ? 'No certificates are waiting for review.' : 'No certificates here.'}
        </p>
      ) : (
        <div className="table-scroll">
          <table aria-label="Certificates" className="stack-table exemption-queue">
            <thead>
              <tr>
                <th>Certificate</th>
                <th>Member</th>
                <th>Kind</th>
                <th>States or provinces</th>
                <th>Status</th>
                <th>Sent (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {queue.rows.map((certificate) => (
                <tr key={certificate.id} data-certificate={certificate.id}>
                  <td>
                    <a href={certificatePath(certificate.id)}>{certificate.number}</a>
                  </td>
                  <td data-label="Member">{certificate.email}</td>
                  <td data-label="Kind">{EXEMPTION_KIND_LABEL[certificate.kind]}</td>
                  <td data-label="States or provinces">{regionsOf(certificate)}</td>
                  <td data-label="Status">
                    <StatusBadge certificate={certificate} />
                  </td>
                  <td data-label="Sent (UTC)">{placedAt(certificate.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {queue.pages > 1 && (
        <p className="pager">
          {queue.page > 1 && <a href={link(queue.status, queue.page - 1)}>Previous</a>}
          <span>{`Page ${queue.page} of ${queue.pages}`}</span>
          {queue.page < queue.pages && <a href={link(queue.status, queue.page + 1)}>Next</a>}
        </p>
      )}
    </section>
  );
}
