import {
  EXEMPTION_KIND_LABEL,
  EXEMPTION_LIMITS,
  exemptionRegionName,
  exemptionRegions,
} from '../../../shared/tax-exemptions.ts';
import type { ExemptionCertificate } from '../../tax/staff.ts';
import { CsrfField } from './CsrfField.tsx';
import { placedAt } from './OrdersPage.tsx';
import { certificatePath, StatusBadge } from './TaxExemptionsPage.tsx';

/** A refused decision, with what was typed, shown at its form. */
export interface ExemptionProblem {
  form: 'approve' | 'reject';
  message: string;
  field?: string;
  input: { regions: string[]; expiresOn: string; reason: string };
}

const KB = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;
const TYPE_LABEL = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' } as const;

/** The file: an image shown in the page (opening full size), a PDF as a download link. */
function CertificateFile({ certificate }: { certificate: ExemptionCertificate }) {
  const href = `${certificatePath(certificate.id)}/file`;
  const label = `${certificate.fileName} · ${TYPE_LABEL[certificate.contentType]} · ${KB(certificate.size)}`;
  if (certificate.contentType === 'application/pdf')
    return (
      <p className="panel">
        <a href={href} data-testid="certificate-file">
          Download the certificate (PDF)
        </a>
        <span className="hint">{` ${label}`}</span>
      </p>
    );
  return (
    <figure className="panel certificate-image">
      <a href={href} target="_blank" rel="noreferrer" data-testid="certificate-file">
        <img src={href} alt={`Certificate ${certificate.number}`} />
      </a>
      <figcaption className="hint">{`${label} · opens full size`}</figcaption>
    </figure>
  );
}

/** Approve: the regions it covers (the member's claim ticked to start with) and the expiry printed on it. */
function ApproveForm(props: {
  certificate: ExemptionCertificate;
  csrf: string;
  today: string;
  problem?: ExemptionProblem;
}) {
  const { certificate, problem } = props;
  const mine = problem?.form === 'approve' ? problem : undefined;
  const ticked = new Set(mine ? mine.input.regions : certificate.claimedRegions);
  return (
    <form method="post" action={`${certificatePath(certificate.id)}/approve`} className="panel" aria-label="Approve">
      <h2>Approve</h2>
      <CsrfField value={props.csrf} />
      {mine && (
        <p className="error" role="alert">
          {mine.message}
        </p>
      )}
      <fieldset aria-invalid={mine?.field === 'regions' ? true : undefined}>
        <legend>States or provinces it covers</legend>
        <div className="region-grid">
          {exemptionRegions(certificate.market).map((region) => (
            <label key={region.key}>
              <input type="checkbox" name="regions" value={region.key} defaultChecked={ticked.has(region.key)} />
              {`${region.name} (${region.code})`}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="field">
        Expires on (the last day it is valid)
        <input
          type="date"
          name="expiresOn"
          required
          min={props.today}
          defaultValue={mine?.input.expiresOn ?? ''}
          aria-invalid={mine?.field === 'expiresOn' ? true : undefined}
        />
      </label>
      <button type="submit">Approve the certificate</button>
    </form>
  );
}

/** Reject: the reason the member reads on their account page. */
function RejectForm(props: { certificate: ExemptionCertificate; csrf: string; problem?: ExemptionProblem }) {
  const mine = props.problem?.form === 'reject' ? props.problem : undefined;
  return (
    <form
      method="post"
      action={`${certificatePath(props.certificate.id)}/reject`}
      className="panel"
      aria-label="Reject"
    >
      <h2>Reject</h2>
      <CsrfField value={props.csrf} />
      {mine && (
        <p className="error" role="alert">
          {mine.message}
        </p>
      )}
      <label className="field">
        Reason (the member reads it)
        <textarea
          name="reason"
          rows={4}
          required
          maxLength={EXEMPTION_LIMITS.reasonMaxLength}
          defaultValue={mine?.input.reason ?? ''}
          placeholder="e.g. The certificate is not signed, or the permit number does not match."
        />
      </label>
      <button type="submit" className="secondary">
        Reject the certificate
      </button>
    </form>
  );
}

/** One certificate: who sent it, what it claims, its file, and the decision while it waits. */
export function TaxExemptionPage(props: {
  certificate: ExemptionCertificate;
  csrf: string;
  today: string;
  notice?: string;
  problem?: ExemptionProblem;
}) {
  const { certificate } = props;
  const decided = certificate.status !== 'PENDING';
  return (
    <section className="exemption-page" data-certificate={certificate.id}>
      <p>
        <a href="/admin/tax-exemptions">All certificates</a>
      </p>
      <h1>{`${EXEMPTION_KIND_LABEL[certificate.kind]} ${certificate.number}`}</h1>
      <p className="panel" data-testid="certificate-status">
        <StatusBadge certificate={certificate} />
        {` · sent ${placedAt(certificate.createdAt)} UTC`}
        {decided && certificate.decidedAt && ` · decided ${placedAt(certificate.decidedAt)} UTC`}
        {decided && certificate.decidedBy && ` by ${certificate.decidedBy}`}
      </p>
      {props.notice && (
        <p className="notice" role="status">
          {props.notice}
        </p>
      )}
      {decided && props.problem && (
        <p className="error" role="alert">
          {props.problem.message}
        </p>
      )}
      <dl className="panel facts">
        <dt>Member</dt>
        <dd>
          <a href={`/admin/customers/${certificate.accountId}`}>{certificate.email}</a>
        </dd>
        <dt>Number</dt>
        <dd>{certificate.number}</dd>
        <dt>Site</dt>
        <dd>{certificate.market === 'ca' ? 'Canada' : 'United States'}</dd>
        <dt>The member says it covers</dt>
        <dd>{certificate.claimedRegions.map(exemptionRegionName).join(', ')}</dd>
        {certificate.status === 'APPROVED' && <dt>Approved for</dt>}
        {certificate.status === 'APPROVED' && <dd>{certificate.regions.map(exemptionRegionName).join(', ')}</dd>}
        {certificate.expiresOn && <dt>Expires on</dt>}
        {certificate.expiresOn && <dd>{certificate.expiresOn}</dd>}
        {certificate.reason && <dt>Rejected because</dt>}
        {certificate.reason && <dd className="note-body">{certificate.reason}</dd>}
      </dl>
      <h2>The certificate</h2>
      <CertificateFile certificate={certificate} />
      {!decided && (
        <div className="return-decisions">
          <ApproveForm certificate={certificate} csrf={props.csrf} today={props.today} problem={props.problem} />
          <RejectForm certificate={certificate} csrf={props.csrf} problem={props.problem} />
        </div>
      )}
    </section>
  );
}
