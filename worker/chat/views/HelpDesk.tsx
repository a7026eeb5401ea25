import { TICKET_TOPICS, type TicketTopic } from '../../../shared/chat.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

/** A topic as the page's language names it (the form sends the topic itself). */
const TOPIC_LABEL: Readonly<Record<TicketTopic, () => string>> = {
  'Order status': m.feedback_topic_order_status,
  'Fitment question': m.feedback_topic_fitment,
  'Returns and refunds': m.feedback_topic_returns,
  Payment: m.feedback_topic_payment,
  'Website feedback': m.feedback_topic_website,
  Other: m.feedback_topic_other,
};

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
        {m.feedback_topic()}{' '}
        <select name="topic" defaultValue={input.topic || 'Other'}>
          {TICKET_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {TOPIC_LABEL[topic]()}
            </option>
          ))}
        </select>
      </label>
      <label>
        {m.feedback_order_number()}{' '}
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
        {m.feedback_message()}{' '}
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
        {m.feedback_email()}{' '}
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
        {m.feedback_images()}{' '}
        <input name="attachments" type="file" accept="image/*" multiple aria-describedby={described('attachments')} />
      </label>
      <Problem id="feedback-attachments-error" message={problems.attachments} />
      <button className="button" type="submit">
        {m.feedback_send()}
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
