import { TICKET_TOPICS } from '../../../shared/chat.ts';

/** What the shopper typed into the feedback form, shown again when something was wrong. */
export interface FeedbackInput {
  topic: string;
  orderNumber: string;
  email: string;
  message: string;
}

/** The field problems of a sent form (field name → message). */
export type FeedbackProblems = Partial<Record<keyof FeedbackInput | 'attachments', string>>;

function Problem({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <span className="field-error" id={id} role="alert">
      {message}
    </span>
  );
}

/** /help/feedback: topic, order number (optional), message, email, images; it becomes a ticket. */
export function FeedbackForm(props: { input: FeedbackInput; problems: FeedbackProblems; sent: string | null }) {
  const { input, problems } = props;
  if (props.sent) {
    return (
      <p className="feedback-sent" role="status" data-feedback="sent">
        {props.sent}
      </p>
    );
  }
  const described = (field: keyof FeedbackProblems) => (problems[field] ? `feedback-${field}-error` : undefined);
  return (
    <form
      className="feedback-form"
      method="post"
      action="/help/feedback"
      encType="multipart/form-data"
      data-form="feedback"
    >
      <label>
        Topic{' '}
        <select name="topic" defaultValue={input.topic || 'Other'}>
          {TICKET_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {topic}
            </option>
          ))}
        </select>
      </label>
      <label>
        Order number (optional){' '}
        <input
          name="orderNumber"
          defaultValue={input.orderNumber}
          maxLength={40}
          autoComplete="off"
          aria-describedby={described('orderNumber')}
        />
      </label>
      <Problem id="feedback-orderNumber-error" message={problems.orderNumber} />
      <label>
        Message{' '}
        <textarea
          name="message"
          defaultValue={input.message}
          required
          maxLength={5000}
          rows={6}
          aria-describedby={described('message')}
        />
      </label>
      <Problem id="feedback-message-error" message={problems.message} />
      <label>
        Email address{' '}
        <input
          name="email"
          type="email"
          defaultValue={input.email}
          required
          maxLength={55}
          autoComplete="email"
          aria-describedby={described('email')}
        />
      </label>
      <Problem id="feedback-email-error" message={problems.email} />
      <label>
        Images (up to 3, 5 MB each){' '}
        <input name="attachments" type="file" accept="image/*" multiple aria-describedby={described('attachments')} />
      </label>
      <Problem id="feedback-attachments-error" message={problems.attachments} />
      <button className="button" type="submit">
        Send feedback
      </button>
    </form>
  );
}

interface ThreadLine {
  id: number;
  author: 'shopper' | 'agent';
  text: string;
  createdAt: number;
}

/** A ticket's thread as the shopper's emailed link opens it, with the reply form (its token is in a cookie). */
export function TicketReplyPage(props: {
  ticketId: number;
  topic: string;
  thread: ThreadLine[];
  notice: string | null;
  problem: string | null;
}) {
  return (
    <article className="ticket-thread">
      <h1>{`Your message #${props.ticketId}: ${props.topic}`}</h1>
      <ol aria-label="Messages">
        {props.thread.map((line) => (
          <li key={line.id} data-author={line.author}>
            <strong>{line.author === 'agent' ? 'Support' : 'You'}</strong>
            {`: ${line.text}`}
          </li>
        ))}
      </ol>
      {props.notice && <p role="status">{props.notice}</p>}
      {props.problem && <p role="alert">{props.problem}</p>}
      <form method="post" action={`/help/ticket/${props.ticketId}`} data-form="ticket-reply">
        <label>
          Your reply <textarea name="message" required maxLength={5000} rows={5} />
        </label>
        <button className="button" type="submit">
          Send reply
        </button>
      </form>
    </article>
  );
}
