import { MSG } from '../../shared/messages.ts';
import { notify } from '../state/notices.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export interface CopyTextProps {
  text: string;
  label: string;
}

/** Copies a phone number or email to the clipboard; a failure stays silent (§8). */
export default function CopyText({ text, label }: CopyTextProps) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      notify(MSG.copySuccessFooter, 'success');
    } catch {
      // Copy failure is silent by design (§8).
    }
  }
  return (
    <button type="button" className="copy-button" onClick={copy} aria-label={m.copy_named({ label })}>
      {m.copy()}
    </button>
  );
}
