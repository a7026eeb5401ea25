import { vehicleName } from '../../shared/vehicle.ts';
import { agentImageUrl, type ChatMessage } from '../../shared/chat.ts';
import type { conversationDetail, inbox, InboxView, ticketDetail } from '../chat/staff.ts';
import { ChatImageLink, ShopperCartLines } from '../chat/views/ShopperContext.tsx';
import { CsrfField } from './views/CsrfField.tsx';
import { placedAt } from './views/OrdersPage.tsx';

type Inbox = Awaited<ReturnType<typeof inbox>>;
type Detail = NonNullable<Awaited<ReturnType<typeof conversationDetail>>>;
type Ticket = NonNullable<Awaited<ReturnType<typeof ticketDetail>>>;

const VIEW_LABEL: Record<InboxView, string> = { waiting: 'Waiting', mine: 'Mine', all: 'All' };
const time = (at: number) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');

/** A line of text as typed: React escapes it, so markup a shopper sent shows as text. */
function Transcript({ conversationId, messages }: { conversationId: string; messages: ChatMessage[] }) {
  return (
    <ol className="chat-transcript" aria-label="Transcript" data-transcript>
      {messages.map((message) => (
        <li key={message.seq} data-seq={message.seq} data-author={message.author}>
          <span className="muted">{`${time(message.createdAt)} · ${message.authorName ?? message.author}: `}</span>
          {message.image ? (
            <ChatImageLink href={agentImageUrl(conversationId, message.seq)} name={message.image.name} />
          ) : (
            <span className="chat-text">{message.text}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The agent's presence (kept by /admin/chat/agent.js while a chat page is open) and the console script. */
function PresenceControls() {
  return (
    <p className="chat-presence">
      <label>
        Presence{' '}
        <select data-presence-choice defaultValue="online">
          <option value="online">Online</option>
          <option value="away">Away</option>
        </select>
      </label>{' '}
      <span data-presence-status role="status">
        Offline until this page connects
      </span>
      <script src="/admin/chat/agent.js" defer />
    </p>
  );
}

/** The agents' inbox: waiting, mine, all (searchable), who is online, and the tickets. */
export function ChatInboxPage({ found, notice, csrf }: { found: Inbox; notice: string | null; csrf: string }) {
  return (
    <section data-chat-console="inbox">
      <h1>Live chat</h1>
      <PresenceControls />
      {notice && (
        <p className="ok" role="status">
          {notice}
        </p>
      )}
      <p className="muted" data-roster>
        {found.roster.length === 0
          ? 'No agent is connected: chat shows as offline.'
          : found.roster.map((seat) => `${seat.name} (${seat.presence})`).join(', ')}
      </p>
      <nav className="tabs" aria-label="Conversations">
        {(Object.keys(VIEW_LABEL) as InboxView[]).map((view) => (
          <a key={view} href={`/admin/chat?view=${view}`} aria-current={view === found.view ? 'page' : undefined}>
            {VIEW_LABEL[view]}
          </a>
        ))}
      </nav>
      <form method="get" action="/admin/chat" aria-label="Search conversations">
        <input type="hidden" name="view" value={found.view} />
        <label htmlFor="chat-search">Search</label>
        <input id="chat-search" name="q" defaultValue={found.search} maxLength={100} />
        <button type="submit">Search</button>
      </form>
      {found.conversations.length === 0 ? (
        <p className="panel">No conversations here.</p>
      ) : (
        <table aria-label="Conversations">
          <thead>
            <tr>
              <th>Shopper</th>
              <th>Status</th>
              <th>Agent</th>
              <th>Last message</th>
              <th>Updated (UTC)</th>
            </tr>
          </thead>
          <tbody>
            {found.conversations.map((row) => (
              <tr key={row.id} data-conversation={row.id}>
                <td>
                  <a href={`/admin/chat/${row.id}`}>{row.name || row.email || 'Visitor'}</a>
                  {` · ${row.market.toUpperCase()}`}
                </td>
                <td>{row.status}</td>
                <td>{row.agentName ?? ''}</td>
                <td>{row.lastText ?? ''}</td>
                <td>{time(row.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Tickets</h2>
      {found.tickets.length === 0 ? (
        <p className="panel">No tickets.</p>
      ) : (
        <ul aria-label="Tickets">
          {found.tickets.map((ticket) => (
            <li key={ticket.id} data-ticket={ticket.id}>
              <a href={`/admin/chat/tickets/${ticket.id}`}>{`#${ticket.id} ${ticket.topic}`}</a>
              {` · ${ticket.email} · ${ticket.status} · ${time(ticket.updatedAt)}`}
            </li>
          ))}
        </ul>
      )}
      <h2>Canned replies</h2>
      <form method="post" action="/admin/chat/canned">
        <CsrfField value={csrf} />
        <label htmlFor="canned-title">Title</label>
        <input id="canned-title" name="title" maxLength={60} required />
        <label htmlFor="canned-text">Text</label>
        <textarea id="canned-text" name="text" maxLength={2000} required />
        <button type="submit">Add canned reply</button>
      </form>
    </section>
  );
}

function Context({ detail }: { detail: Detail }) {
  const { conversation, orders, garage, cart } = detail;
  return (
    <dl className="panel" aria-label="Shopper">
      <dt>Market</dt>
      <dd>{conversation.market.toUpperCase()}</dd>
      <dt>Email</dt>
      <dd>{conversation.email ?? 'Not given'}</dd>
      <dt>Page</dt>
      <dd>{conversation.page ?? 'Unknown'}</dd>
      <dt>Vehicle</dt>
      <dd data-shopper-vehicle>{conversation.vehicle ?? 'None chosen'}</dd>
      <dt>Garage</dt>
      <dd data-shopper-garage>
        {!garage || garage.length === 0
          ? 'None saved'
          : garage.map((vehicle) => `${vehicleName(vehicle, true)}${vehicle.isDefault ? ' (default)' : ''}`).join('; ')}
      </dd>
      <dt>Cart</dt>
      <dd>
        <ShopperCartLines cart={cart} />
      </dd>
      <dt>Recent orders</dt>
      <dd>
        {!orders || orders.list.length === 0
          ? 'None'
          : orders.list.map((order) => (
              <a key={order.orderId} href={`/admin/orders/${encodeURIComponent(order.orderId)}`}>
                {`${order.orderId} (${placedAt(order.createdAt)}) `}
              </a>
            ))}
      </dd>
    </dl>
  );
}

/** One conversation: context, transcript, reply (with canned replies), accept, transfer, close. */
export function ChatConversationPage(props: { detail: Detail; csrf: string; notice: string | null }) {
  const { conversation, messages, canned, roster } = props.detail;
  const action = (name: string) => `/admin/chat/${conversation.id}/${name}`;
  const open = conversation.status !== 'CLOSED';
  return (
    <section data-chat-console="conversation" data-conversation={conversation.id}>
      <h1>{`Chat with ${conversation.name || conversation.email || 'a visitor'}`}</h1>
      <PresenceControls />
      <p data-status>{`${conversation.status}${conversation.agentName ? ` · ${conversation.agentName}` : ''}`}</p>
      {props.notice && (
        <p className="ok" role="status">
          {props.notice}
        </p>
      )}
      <Context detail={props.detail} />
      <Transcript conversationId={conversation.id} messages={messages} />
      <p className="muted" data-typing aria-live="polite" />
      {open && (
        <form method="post" action={action('reply')} data-reply-form>
          <CsrfField value={props.csrf} />
          <label htmlFor="chat-reply">Reply</label>
          <textarea id="chat-reply" name="text" maxLength={2000} />
          {canned.length > 0 && (
            <select name="canned" aria-label="Canned reply" defaultValue="">
              <option value="">No canned reply</option>
              {canned.map((reply) => (
                <option key={reply.id} value={reply.id}>
                  {reply.title}
                </option>
              ))}
            </select>
          )}
          <button type="submit">Send</button>
        </form>
      )}
      {open && (
        <form method="post" action={action('images')} encType="multipart/form-data" data-image-form>
          <CsrfField value={props.csrf} />
          <label htmlFor="chat-image">Image (JPEG, PNG, WebP or HEIC, up to 5 MB)</label>
          <input id="chat-image" name="file" type="file" accept="image/*" required />
          <button type="submit">Send image</button>
        </form>
      )}
      {open && (
        <div className="actions">
          <form method="post" action={action('accept')}>
            <CsrfField value={props.csrf} />
            <button type="submit">Accept</button>
          </form>
          <form method="post" action={action('transfer')}>
            <CsrfField value={props.csrf} />
            <select name="to" aria-label="Transfer to">
              {roster.map((seat) => (
                <option key={seat.staffId} value={seat.staffId}>
                  {`${seat.name} (${seat.presence})`}
                </option>
              ))}
            </select>
            <button type="submit">Transfer</button>
          </form>
          <form method="post" action={action('close')}>
            <CsrfField value={props.csrf} />
            <button type="submit">Close</button>
          </form>
        </div>
      )}
      {conversation.rating !== null && <p>{`Rated ${conversation.rating}/5: ${conversation.comment ?? ''}`}</p>}
    </section>
  );
}

/** A ticket's thread, and the answer sent to the shopper by email. */
export function ChatTicketPage(props: { found: Ticket; csrf: string; notice: string | null; problem?: string }) {
  const { ticket, thread } = props.found;
  return (
    <section>
      <h1>{`Ticket #${ticket.id}: ${ticket.topic}`}</h1>
      <p>{`${ticket.email} · ${ticket.status}${ticket.orderNumber ? ` · order ${ticket.orderNumber}` : ''}`}</p>
      {props.notice && (
        <p className="ok" role="status">
          {props.notice}
        </p>
      )}
      {props.problem && (
        <p className="error" role="alert">
          {props.problem}
        </p>
      )}
      <ol aria-label="Thread">
        {thread.map((line) => (
          <li key={line.id} data-author={line.author}>
            <span className="muted">{`${time(line.createdAt)} · ${line.authorName ?? line.author}: `}</span>
            <span className="chat-text">{line.text}</span>
          </li>
        ))}
      </ol>
      {ticket.status !== 'CLOSED' && (
        <form method="post" action={`/admin/chat/tickets/${ticket.id}/answer`}>
          <CsrfField value={props.csrf} />
          <label htmlFor="ticket-answer">Answer by email</label>
          <textarea id="ticket-answer" name="text" maxLength={5000} required />
          <button type="submit">Send answer</button>
        </form>
      )}
    </section>
  );
}
