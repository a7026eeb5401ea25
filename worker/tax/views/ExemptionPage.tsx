import type { MarketId } from '../../../shared/markets.ts';
import {
  EXEMPTION_KIND_LABEL,
  EXEMPTION_KINDS,
  EXEMPTION_LIMITS,
  EXEMPTION_STATUS_LABEL,
  earliestExemptionDay,
  exemptionRegionName,
  exemptionRegions,
} from '../../../shared/tax-exemptions.ts';
import type { ExemptionCertificate } from '../exemption-records.ts';
import type { UploadField } from '../exemptions.ts';

/** What the member typed, kept when the form is refused. */
export interface ExemptionInput {
  kind: string;
  number: string;
  regions: string[];
}

export const EMPTY_EXEMPTION_INPUT: ExemptionInput = { kind: '', number: '', regions: [] };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const certificateFilePath = (id: number) => `/myAccount/taxExemption/${id}/file`;

/** What a certificate means for the member's orders, in a line. */
function standing(certificate: ExemptionCertificate, today: string): string {
  if (certificate.status === 'PENDING') return 'We are reviewing it: it does not apply to orders yet.';
  if (certificate.status === 'REJECTED') return `Not accepted: ${certificate.reason ?? ''}`;
  if ((certificate.expiresOn ?? '') < today) return `Expired on ${certificate.expiresOn}: it no longer applies.`;
  return `Applies to orders shipped there until ${certificate.expiresOn}.`;
}

function CertificateCard({ certificate, now }: { certificate: ExemptionCertificate; now: number }) {
  // Expired once its last day has passed everywhere it covers, each on its own calendar.
  const today = earliestExemptionDay(certificate.regions, now);
  const expired = certificate.status === 'APPROVED' && (certificate.expiresOn ?? '') < today;
  const regions = certificate.status === 'APPROVED' ? certificate.regions : certificate.claimedRegions;
  const tone = expired ? 'expired' : certificate.status.toLowerCase();
  return (
    <li className="card exemption-card" data-certificate={certificate.id} data-status={certificate.status}>
      <p className="exemption-card__title">
        <strong>{`${EXEMPTION_KIND_LABEL[certificate.kind]} ${certificate.number}`}</strong>
        <span className={`badge exemption-badge--${tone}`}>
          {expired ? 'Expired' : EXEMPTION_STATUS_LABEL[certificate.status]}
        </span>
      </p>
      <p>{`Covers: ${regions.map(exemptionRegionName).join(', ')}`}</p>
      <p className={certificate.status === 'REJECTED' ? 'form-error' : 'exemption-card__standing'}>
        {standing(certificate, today)}
      </p>
      <p className="exemption-card__meta">
        {`Sent ${day(certificate.createdAt)} · `}
        <a href={certificateFilePath(certificate.id)}>{`View ${certificate.fileName}`}</a>
      </p>
    </li>
  );
}

const FieldError = ({ message, id }: { message?: string; id: string }) =>
  message ? (
    <p className="form-error field-error" id={id}>
      {message}
    </p>
  ) : null;

/** The upload form: the kind, the number, the regions it covers, the file. */
function UploadForm(props: { market: MarketId; input: ExemptionInput; errors: Partial<Record<UploadField, string>> }) {
  const { market, input, errors } = props;
  const chosen = new Set(input.regions);
  const invalid = (name: UploadField) => (errors[name] ? true : undefined);
  return (
    <form
      method="post"
      action="/myAccount/taxExemption"
      encType="multipart/form-data"
      className="account-form exemption-form"
      aria-label="Send a certificate"
    >
      <fieldset className="exemption-kinds" aria-describedby={errors.kind ? 'kind-error' : undefined}>
        <legend>Kind of certificate</legend>
        {EXEMPTION_KINDS.map((kind) => (
          <label key={kind} className="checkbox">
            <input type="radio" name="kind" value={kind} required defaultChecked={input.kind === kind} />
            {EXEMPTION_KIND_LABEL[kind]}
          </label>
        ))}
        <FieldError message={errors.kind} id="kind-error" />
      </fieldset>
      <label className="field">
        Certificate or permit number
        <input
          name="number"
          required
          maxLength={EXEMPTION_LIMITS.numberMaxLength}
          defaultValue={input.number}
          autoComplete="off"
          aria-invalid={invalid('number')}
          aria-describedby={errors.number ? 'number-error' : undefined}
        />
        <FieldError message={errors.number} id="number-error" />
      </label>
      <fieldset className="exemption-regions" aria-describedby={errors.regions ? 'regions-error' : undefined}>
        <legend>{market === 'ca' ? 'Province it covers' : 'States it covers'}</legend>
        <div className="exemption-regions__grid">
          {exemptionRegions(market).map((region) => (
            <label key={region.key} className="checkbox">
              <input type="checkbox" name="regions" value={region.key} defaultChecked={chosen.has(region.key)} />
              {region.name}
            </label>
          ))}
        </div>
        <FieldError message={errors.regions} id="regions-error" />
      </fieldset>
      <label className="field">
        The certificate (PDF, JPEG or PNG, up to 10 MB)
        <input
          type="file"
          name="certificate"
          required
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          aria-invalid={invalid('file')}
          aria-describedby={errors.file ? 'file-error' : undefined}
        />
        <FieldError message={errors.file} id="file-error" />
      </label>
      <button type="submit" className="button">
        Send for review
      </button>
    </form>
  );
}

/**
 * The member's tax exemption page (issue 39 item 3): their certificates and what each means for
 * their orders, and the form that sends a new one for review.
 */
export function ExemptionPanel(props: {
  market: MarketId;
  certificates: ExemptionCertificate[];
  now: number;
  notice: string | null;
  input: ExemptionInput;
  errors: Partial<Record<UploadField, string>>;
}) {
  const { market, certificates } = props;
  const refused = Object.keys(props.errors).length > 0;
  return (
    <div className="exemption-panel">
      <p className="exemption-intro">
        {market === 'ca'
          ? 'Buying parts for resale? Send us your PST exemption certificate. Once we have approved it, ' +
            'checkout charges no PST on orders shipped to the province it covers; GST is charged as usual.'
          : 'Buying parts for resale, or for an organisation exempt from sales tax? Send us your resale or ' +
            'exemption certificate. Once we have approved it, checkout charges no sales tax on orders shipped ' +
            'to the states it covers.'}
      </p>
      {props.notice && (
        <p className="callout callout--success" role="status">
          {props.notice}
        </p>
      )}
      {refused && (
        <p className="callout callout--error" role="alert">
          The certificate was not sent. Please check the fields marked below.
        </p>
      )}
      <h2>Your certificates</h2>
      {certificates.length === 0 ? (
        <p className="exemption-none">You have not sent a certificate yet.</p>
      ) : (
        <ul className="exemption-list">
          {certificates.map((certificate) => (
            <CertificateCard key={certificate.id} certificate={certificate} now={props.now} />
          ))}
        </ul>
      )}
      <h2>Send a certificate</h2>
      <UploadForm market={market} input={props.input} errors={props.errors} />
    </div>
  );
}
