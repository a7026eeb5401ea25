import { type FormEvent, useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import { CHAT_LIMITS, CHAT_MSG } from '../../shared/chat.ts';
import type { ApiRejection } from '../../shared/envelope.ts';
import { api } from '../api.ts';

/**
 * Offline (no agent online, or outside hours): a message with email becomes a ticket; the answer
 * says when to expect a reply.
 */
export function OfflineForm({ email: prefilled }: { email: string | null }) {
  const [email, setEmail] = useState(prefilled ?? '');
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.call(API.ticketCreate, { email, message, source: 'chat' });
      setSent(answer.msg);
    } catch (error) {
      setProblem((error as ApiRejection).msg);
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <p className="chat-offline__sent" role="status" data-chat="ticket-sent">
        {sent}
      </p>
    );
  return (
    <form className="chat-offline" onSubmit={submit} data-chat="offline">
      <p>{CHAT_MSG.offline}</p>
      <label>
        Email address{' '}
        <input
          type="email"
          required
          maxLength={55}
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <label>
        Message{' '}
        <textarea
          required
          maxLength={CHAT_LIMITS.ticketChars}
          rows={4}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </label>
      {problem && <p role="alert">{problem}</p>}
      <button type="submit" className="button" disabled={busy}>
        Send message
      </button>
    </form>
  );
}
