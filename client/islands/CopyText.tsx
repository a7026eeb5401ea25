import { MSG } from '../../shared/messages.ts';
import { copyText } from '../state/copy.ts';
import { notify } from '../state/notices.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export interface CopyTextProps {
  text: string;
  label: string;
  /** The footer says 'Copy success'; elsewhere 'Copied Successfully', or 'Replicated successfully' by the fallback. */
  place?: 'footer' | 'page';
}

/** Copies a phone number, an email or an order number to the clipboard; a failure stays silent (§8). */
export default function CopyText({ text, label, place = 'footer' }: CopyTextProps) {
  async function copy() {
    const how = await copyText(text);
    if (!how) return;
    const message =
      place === 'footer' ? MSG.copySuccessFooter : how === 'clipboard' ? MSG.copySuccess : MSG.copySuccessFallback;
    notify(message, 'success');
  }
  return (
    <button type="button" className="copy-button" onClick={copy} aria-label={m.copy_named({ label })}>
      {m.copy()}
    </button>
  );
}
