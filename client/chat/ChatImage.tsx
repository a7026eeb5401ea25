import { type ChangeEvent, useState } from 'react';
import { CHAT_ATTACHMENT_PATH, type ChatMessage, shopperImageUrl } from '../../shared/chat.ts';

/** A message's body: its text, or for an image a thumbnail that opens the full image. */
export function MessageBody({ message, token }: { message: ChatMessage; token: string }) {
  if (!message.image) return <span className="chat-text">{message.text}</span>;
  const href = shopperImageUrl(token, message.seq);
  return (
    <a className="chat-image" href={href} target="_blank" rel="noopener" data-chat-image>
      <img src={href} alt={message.image.name} loading="lazy" width={160} />
    </a>
  );
}

/**
 * Attaches an image to the chat: posted to the Worker, which checks it by its bytes and stores it as a
 * message (it then arrives on the socket like any message). A refused file shows the shop's reason.
 */
export function AttachImage({ token, disabled }: { token: string; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const attach = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setProblem(null);
    const form = new FormData();
    form.append('file', file);
    try {
      const response = await fetch(`${CHAT_ATTACHMENT_PATH}?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        body: form,
      });
      const answer = (await response.json().catch(() => null)) as { success?: boolean; msg?: string } | null;
      if (!response.ok || !answer?.success) setProblem(answer?.msg ?? 'The image could not be sent.');
    } catch {
      setProblem('The image could not be sent. Please check your connection.');
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  return (
    <div className="chat-attach">
      <label className="chat-attach__label">
        Attach an image{' '}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic"
          disabled={disabled || busy}
          onChange={attach}
          data-chat="attach"
        />
      </label>
      {busy && <span role="status">Sending image…</span>}
      {problem && (
        <p role="alert" data-chat="attach-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
