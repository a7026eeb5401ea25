import type { MarketId } from '../../../shared/markets.ts';
import {
  EXEMPTION_KINDS,
  EXEMPTION_LIMITS,
  type ExemptionKind,
  type ExemptionStatus,
  earliestExemptionDay,
  exemptionRegionName,
  exemptionRegions,
} from '../../../shared/tax-exemptions.ts';
import * as m from '../../../shared/i18n/generated/messages.js';
import { regionName } from '../../../shared/regions.ts';
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

/** The member's page in the language being spoken (the staff pages keep EXEMPTION_KIND_LABEL's English). */
const KIND_LABEL: Readonly<Record<ExemptionKind, () => string>> = {
  RESALE: m.exemption_kind_resale_label,
  EXEMPTION: m.exemption_kind_exemption_label,
};
const STATUS_LABEL: Readonly<Record<ExemptionStatus, () => string>> = {
  PENDING: m.exemption_status_pending,
  APPROVED: m.exemption_status_approved,
  REJECTED: m.exemption_status_rejected,
};

/** A region key's name in the language spoken ('CA-BC' reads "Colombie-Britannique" in French). */
function placeName(key: string): string {
  const [country, code = ''] = key.split('-');
  return country === 'CA' ? regionName({ code, name: exemptionRegionName(key) }) : exemptionRegionName(key);
}
export const certificateFilePath = (id: number) => `/myAccount/taxExemption/${id}/file`;

/** What a certificate means for the member's orders, in a line. */
function standing(certificate: ExemptionCertificate, today: string): string {
  if (certificate.status === 'PENDING') return m.exemption_standing_pending();
  if (certificate.status === 'REJECTED') return m.exemption_standing_rejected({ reason: certificate.reason ?? '' });
  const date = certificate.expiresOn ?? '';
  if (date < today) return m.exemption_standing_expired({ date });
  return m.exemption_standing_applies({ date });
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
        <strong>{`${KIND_LABEL[certificate.kind]()} ${certificate.number}`}</strong>
        <span className={`badge exemption-badge--${tone}`}>
          {expired ? m.exemption_status_expired() : STATUS_LABEL[certificate.status]()}
        </span>
      </p>
      <p>{m.exemption_covers({ places: regions.map(placeName).join(', ') })}</p>
      <p className={certificate.status === 'REJECTED' ? 'form-error' : 'exemption-card__standing'}>
        {standing(certificate, today)}
      </p>
      <p className="exemption-card__meta">
        {`${m.exemption_sent({ date: day(certificate.createdAt) })} · `}
        <a href={certificateFilePath(certificate.id)}>{m.exemption_view_file({ file: certificate.fileName })}</a>
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
      aria-label={m.exemption_send()}
    >
      <fieldset className="exemption-kinds" aria-describedby={errors.kind ? 'kind-error' : undefined}>
        <legend>{m.exemption_kind_legend()}</legend>
        {EXEMPTION_KINDS.map((kind) => (
          <label key={kind} className="checkbox">
            <input type="radio" name="kind" value={kind} required defaultChecked={input.kind === kind} />
            {KIND_LABEL[kind]()}
          </label>
        ))}
        <FieldError message={errors.kind} id="kind-error" />
      </fieldset>
      <label className="field">
        {m.exemption_number_label()}
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
        <legend>{market === 'ca' ? m.exemption_regions_ca() : m.exemption_regions_us()}</legend>
        <div className="exemption-regions__grid">
          {exemptionRegions(market).map((region) => (
            <label key={region.key} className="checkbox">
              <input type="checkbox" name="regions" value={region.key} defaultChecked={chosen.has(region.key)} />
              {regionName(region)}
            </label>
          ))}
        </div>
        <FieldError message={errors.regions} id="regions-error" />
      </fieldset>
      <label className="field">
        {m.exemption_file_label()}
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
        {m.exemption_submit()}
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
      <p className="exemption-intro">{market === 'ca' ? m.exemption_intro_ca() : m.exemption_intro_us()}</p>
      {props.notice && (
        <p className="callout callout--success" role="status">
          {props.notice}
        </p>
      )}
      {refused && (
        <p className="callout callout--error" role="alert">
          {m.exemption_refused()}
        </p>
      )}
      <h2>{m.exemption_yours()}</h2>
      {certificates.length === 0 ? (
        <p className="exemption-none">{m.exemption_none()}</p>
      ) : (
        <ul className="exemption-list">
          {certificates.map((certificate) => (
            <CertificateCard key={certificate.id} certificate={certificate} now={props.now} />
          ))}
        </ul>
      )}
      <h2>{m.exemption_send()}</h2>
      <UploadForm market={market} input={props.input} errors={props.errors} />
    </div>
  );
}
