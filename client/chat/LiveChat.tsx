import { type FormEvent, useEffect, useRef, useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import {
  CHAT_LIMITS,
  CHAT_MSG,
  type ChatMessage,
  type ChatServerFrame,
  type ConversationStatus,
} from '../../shared/chat.ts';
import type { ApiRejection } from '../../shared/envelope.ts';
import { api } from '../api.ts';
import { AttachImage, MessageBody } from './ChatImage.tsx';
import { type ChatConnection, type ConnectionState, connectChat } from './connection.ts';
import { shareWhereabouts } from './context.ts';

const TYPING_SHOWN_MS = 3000;
const TYPING_SENT_EVERY_MS = 2000;

/** Adds messages by their sequence: a history frame replaces, a message frame adds once, in order. */
function merge(known: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const bySeq = new Map(known.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

const speaker = (message: ChatMessage) =>
  message.author === 'shopper' ? 'You' : message.author === 'agent' ? (message.authorName ?? 'Support') : '';

/** The live conversation: messages (as text), typing, read receipts, reconnects, and the end with a rating. */
export function LiveChat({ token, onEnded }: { token: string; onEnded: () => void }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [status, setStatus] = useState<ConversationStatus>('WAITING');
  const [agentName, setAgentName] = useState<string | null>(null);
  const [state, setState] = useState<ConnectionState>('connecting');
  const [typing, setTyping] = useState(false);
  const [readSeq, setReadSeq] = useState(0);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const connection = useRef<ChatConnection | null>(null);
  const lastTyping = useRef(0);

  useEffect(() => {
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const onFrame = (frame: ChatServerFrame) => {
      if (frame.type === 'history') {
        setMessages(frame.messages);
        setStatus(frame.status);
        setAgentName(frame.agentName);
      } else if (frame.type === 'message') {
        setMessages((known) => merge(known, [frame.message]));
        if (frame.message.author !== 'shopper') connection.current?.send({ type: 'read', seq: frame.message.seq });
      } else if (frame.type === 'status') {
        setStatus(frame.status);
        setAgentName(frame.agentName);
      } else if (frame.type === 'typing' && frame.author === 'agent') {
        setTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
      } else if (frame.type === 'read' && frame.author === 'agent') {
        setReadSeq((seq) => Math.max(seq, frame.seq));
      } else if (frame.type === 'error') {
        setProblem(frame.msg);
      }
    };
    connection.current = connectChat(token, onFrame, setState);
    shareWhereabouts(token);
    return () => {
      clearTimeout(typingTimer);
      connection.current?.close();
    };
  }, [token]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    if (connection.current?.send({ type: 'message', text, clientId: crypto.randomUUID() })) {
      setDraft('');
      setProblem(null);
    }
  };

  const type = (value: string) => {
    setDraft(value);
    const now = Date.now();
    if (now - lastTyping.current < TYPING_SENT_EVERY_MS) return;
    lastTyping.current = now;
    connection.current?.send({ type: 'typing' });
  };

  const lastMine = [...messages].reverse().find((message) => message.author === 'shopper');
  return (
    <div className="chat-live" data-chat="live" data-connection={state} data-status={status}>
      <p className="chat-live__status" role="status">
        {state === 'reconnecting'
          ? 'Reconnecting…'
          : status === 'WAITING'
            ? 'Waiting for an agent…'
            : status === 'ACTIVE'
              ? `Chatting with ${agentName ?? 'support'}`
              : CHAT_MSG.closed}
      </p>
      <ol className="chat-live__messages" aria-live="polite" aria-label="Messages">
        {messages.map((message) => (
          <li key={message.seq} data-author={message.author} data-seq={message.seq}>
            {speaker(message) && <strong>{`${speaker(message)}: `}</strong>}
            <MessageBody message={message} token={token} />
            {message === lastMine && readSeq >= message.seq && <small className="chat-live__read"> Read</small>}
          </li>
        ))}
      </ol>
      {typing && <p className="chat-live__typing">{`${agentName ?? 'Support'} is typing…`}</p>}
      {problem && <p role="alert">{problem}</p>}
      {status !== 'CLOSED' && (
        <form className="chat-live__send" onSubmit={send}>
          <label className="visually-hidden" htmlFor="chat-draft">
            Your message
          </label>
          <textarea
            id="chat-draft"
            rows={2}
            maxLength={CHAT_LIMITS.messageChars}
            value={draft}
            onChange={(event) => type(event.target.value)}
          />
          <button type="submit" className="button" disabled={state !== 'open'}>
            Send
          </button>
        </form>
      )}
      {status !== 'CLOSED' && <AttachImage token={token} disabled={state !== 'open'} />}
      <EndChat token={token} onEnded={onEnded} />
    </div>
  );
}

/** Ends the chat with a rating of 1 to 5 and a comment, then offers the transcript by email. */
function EndChat({ token, onEnded }: { token: string; onEnded: () => void }) {
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const [ended, setEnded] = useState(false);
  const [email, setEmail] = useState('');
  const [note, setNote] = useState<string | null>(null);

  const end = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api.call(API.chatEnd, { token, rating, comment: comment || undefined });
      setEnded(true);
      onEnded();
    } catch (error) {
      setNote((error as ApiRejection).msg);
    }
  };
  const transcript = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api.call(API.chatTranscript, { token, email: email || undefined });
      setNote(CHAT_MSG.transcriptSent);
    } catch (error) {
      setNote((error as ApiRejection).msg);
    }
  };

  if (ended)
    return (
      <form className="chat-end" onSubmit={transcript} data-chat="ended">
        <p>Thanks for chatting with us.</p>
        <label>
          Email the transcript to{' '}
          <input type="email" maxLength={55} value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <button type="submit" className="button">
          Email transcript
        </button>
        {note && <p role="status">{note}</p>}
      </form>
    );
  return (
    <form className="chat-end" onSubmit={end} data-chat="end">
      <label>
        Rate this chat{' '}
        <select value={rating} onChange={(event) => setRating(Number(event.target.value))}>
          {[5, 4, 3, 2, 1].map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <label>
        Comment{' '}
        <input
          maxLength={CHAT_LIMITS.commentChars}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </label>
      <button type="submit" className="button">
        End chat
      </button>
      {note && <p role="alert">{note}</p>}
    </form>
  );
}
