import { type FormEvent, useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';
import { API } from '../../shared/api-routes.ts';
import type { EvidenceKind } from '../../shared/returns.ts';
import { api } from '../api.ts';
import { DisabledReason, FormError, failureText } from './form-kit.tsx';
import { EvidencePicker, useEvidenceFiles } from './return-files.tsx';

export interface ReturnEvidenceProps {
  rma: string;
  orderId: string;
  /** A guest's order token (from their link); null for a member. */
  orderToken: string | null;
  /** What the shop asked for: the last note of the return's history. */
  message: string | null;
  kinds: readonly EvidenceKind[];
}

/** More files for a return the shop asked more evidence for (NEEDS_EVIDENCE); the page reloads with them. */
export default function ReturnEvidence({ rma, orderId, orderToken, message, kinds }: ReturnEvidenceProps) {
  const evidence = useEvidenceFiles({ orderId, orderToken });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || evidence.uploading) return;
    const text = String(new FormData(event.currentTarget).get('text') ?? '').trim();
    setError('');
    if (evidence.uploadIds.length === 0) return setError(m.return_add_one_file());
    setBusy(true);
    try {
      const body = { orderToken: orderToken ?? undefined, uploadIds: evidence.uploadIds, text: text || undefined };
      await api.call(API.returnEvidenceAdd, body, { params: { rma } });
      location.reload();
    } catch (failure) {
      setError(failureText(failure, m.return_something_wrong()));
      setBusy(false);
    }
  }

  return (
    <form className="return-form return-more" onSubmit={onSubmit} noValidate data-form="return-evidence">
      <h2>{m.return_need_more()}</h2>
      {message && <p className="return-more__message">{message}</p>}
      <EvidencePicker
        evidence={evidence}
        kinds={kinds}
        label={kinds.includes('video') ? m.return_more_photos_videos() : m.return_more_photos()}
      />
      <div className="field">
        <label htmlFor="return-more-text">{m.return_note_optional()}</label>
        <textarea id="return-more-text" name="text" rows={3} maxLength={1000} />
      </div>
      <FormError text={error} />
      <button
        className="button"
        type="submit"
        disabled={busy || evidence.uploading}
        aria-describedby={evidence.uploading ? 'return-more-why' : undefined}
      >
        {m.return_send_to_shop()}
      </button>
      <DisabledReason id="return-more-why" reason={evidence.uploading ? m.return_wait_uploads() : null} />
    </form>
  );
}
