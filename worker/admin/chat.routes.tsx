import { Hono } from 'hono';
import { chatDeps, imageAnswer, postedImage, socketAnswer, wantsSocket } from '../chat/http.ts';
import { ATTACHMENT_LIMITS } from '../chat/service.ts';
import {
  acceptConversation,
  type Agent,
  agentImage,
  agentPostImage,
  addCannedReply,
  agentPresenceSocket,
  agentReply,
  agentSocket,
  answerTicket,
  closeConversation,
  conversationDetail,
  INBOX_VIEWS,
  type InboxView,
  inbox,
  ticketDetail,
  transferConversation,
} from '../chat/staff.ts';
import { CHAT_MSG } from '../../shared/chat.ts';
import { ApiError } from '../platform/api-error.ts';
import { clientIp } from '../platform/client-ip.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { auditOf } from './service.ts';
import { ChatConversationPage, ChatInboxPage, ChatTicketPage } from './chat-views.tsx';
import { AGENT_SCRIPT } from './chat-agent-script.ts';
import { marketOriginList } from '../platform/origin.ts';
import { field, file, staffForm, staffFormBase } from './form.ts';

const CONVERSATION = '/admin/chat/:id{[0-9a-f]{32}}';
const TICKET = '/admin/chat/tickets/:id{[0-9]{1,9}}';
const DONE: Record<string, string> = {
  accepted: 'You took this chat.',
  transferred: 'The chat was transferred.',
  closed: 'The chat was closed.',
  sent: 'Sent.',
  answered: 'The answer was emailed to the shopper.',
  image: 'The image was sent.',
  canned: 'The canned reply was added.',
};
/** The agents' forms: a canned reply, a reply, an image, a transfer, a ticket's answer. */
const cannedForm = staffFormBase.extend({ title: field(), text: field() });
const replyForm = staffFormBase.extend({ text: field(), canned: field(20) });
const imageForm = staffFormBase.extend({ file });
const transferForm = staffFormBase.extend({ to: field(20) });
const answerForm = staffFormBase.extend({ text: field() });
const notice = (c: AdminContext) => DONE[c.req.query('done') ?? ''] ?? null;
const chat = [staffSession, requirePermission('support.chat')] as const;

/** The agent, with the stamp that makes every chat action of theirs an audit entry. */
const agentOf = (c: AdminContext): Agent => ({
  id: c.var.staff.id,
  name: c.var.staff.name,
  audit: (entry) => auditOf(c.var.staff, entry),
});
const deps = (c: AdminContext) => chatDeps(c.env, 'us');

/** A socket may only be opened by the console's own pages: a page of another site gets 403. */
function sameSite(c: AdminContext): boolean {
  const origin = c.req.header('origin');
  if (!origin) return true;
  return [new URL(c.req.url).origin, ...marketOriginList(c.env)].includes(origin);
}

async function socketOr(c: AdminContext, open: () => Promise<Response | null>) {
  if (!wantsSocket(c.req.raw)) return renderNotice(c, 426, 'Upgrade required', 'This address takes a WebSocket.');
  if (!sameSite(c)) return renderNotice(c, 403, 'Forbidden', 'Cross-site requests are not accepted');
  const upstream = await open();
  if (!upstream) return renderNotice(c, 404, 'Not found', 'There is no such conversation.');
  if (upstream.status === 429) return renderNotice(c, 429, 'Too many windows', CHAT_MSG.tooManySockets);
  return socketAnswer(upstream);
}

/** Where the inbox goes after an action: the conversation, with what happened. */
const backTo = (c: AdminContext, done: string) => c.redirect(`/admin/chat/${c.req.param('id')}?done=${done}`, 303);

/** Live chat for agents (issue 24): the inbox, a conversation with its context, tickets, and the agents' sockets. */
export const adminChat = new Hono<AdminEnv>()
  .get('/admin/chat/agent.js', ...chat, (c) => c.body(AGENT_SCRIPT, 200, { 'content-type': 'text/javascript' }))
  .get('/admin/chat', ...chat, async (c) => {
    const asked = c.req.query('view') as InboxView;
    const view = INBOX_VIEWS.includes(asked) ? asked : 'waiting';
    const found = await inbox(await deps(c), agentOf(c), view, c.req.query('q') ?? '');
    return renderAdmin(c, {
      title: 'Live chat',
      body: <ChatInboxPage found={found} notice={notice(c)} csrf={c.var.csrf} />,
    });
  })
  .post('/admin/chat/canned', ...chat, ...staffForm(cannedForm), async (c) => {
    const form = c.req.valid('form');
    const result = await addCannedReply(await deps(c), form.title, form.text, agentOf(c));
    if (!result.ok) return renderNotice(c, 400, 'Canned reply', result.message);
    return c.redirect('/admin/chat?view=waiting&done=canned', 303);
  })
  .get(CONVERSATION, ...chat, async (c) => {
    const detail = await conversationDetail(await deps(c), c.req.param('id'));
    if (!detail) return renderNotice(c, 404, 'Not found', 'There is no such conversation.');
    const body = <ChatConversationPage detail={detail} csrf={c.var.csrf} notice={notice(c)} />;
    return renderAdmin(c, { title: 'Live chat', body });
  })
  .post(`${CONVERSATION}/reply`, ...chat, ...staffForm(replyForm), async (c) => {
    const form = c.req.valid('form');
    const cannedId = /^\d{1,9}$/.test(form.canned) ? Number(form.canned) : null;
    const reply = { text: form.text, cannedId };
    const result = await agentReply(await deps(c), c.req.param('id'), agentOf(c), reply);
    return result.ok ? backTo(c, 'sent') : renderNotice(c, 400, 'Not sent', result.message);
  })
  .post(`${CONVERSATION}/images`, ...chat, ...staffForm(imageForm), async (c) => {
    try {
      const image = await postedImage(c, ATTACHMENT_LIMITS.bytes);
      await agentPostImage(await deps(c), c.req.param('id'), agentOf(c), image);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return renderNotice(c, error.httpCode, 'Not sent', error.message);
    }
    return backTo(c, 'image');
  })
  .get(`${CONVERSATION}/images/:seq{[0-9]{1,9}}`, ...chat, async (c) => {
    const image = await agentImage(await deps(c), c.req.param('id'), Number(c.req.param('seq')));
    return image ? imageAnswer(image) : renderNotice(c, 404, 'Not found', 'There is no such image.');
  })
  .post(`${CONVERSATION}/transfer`, ...chat, ...staffForm(transferForm), async (c) => {
    const moved = await transferConversation(
      await deps(c),
      c.req.param('id'),
      Number(c.req.valid('form').to),
      agentOf(c),
    );
    return moved ? backTo(c, 'transferred') : renderNotice(c, 409, 'Not transferred', 'That agent is not connected.');
  })
  .get(TICKET, ...chat, async (c) => {
    const found = await ticketDetail(await deps(c), Number(c.req.param('id')));
    if (!found) return renderNotice(c, 404, 'Not found', 'There is no such ticket.');
    const body = <ChatTicketPage found={found} csrf={c.var.csrf} notice={notice(c)} />;
    return renderAdmin(c, { title: 'Ticket', body });
  })
  .post(`${TICKET}/answer`, ...chat, ...staffForm(answerForm), async (c) => {
    const id = Number(c.req.param('id'));
    const result = await answerTicket(await deps(c), id, agentOf(c), c.req.valid('form').text);
    if (result.ok) return c.redirect(`/admin/chat/tickets/${id}?done=answered`, 303);
    const found = await ticketDetail(await deps(c), id);
    if (!found) return renderNotice(c, 404, 'Not found', 'There is no such ticket.');
    const body = <ChatTicketPage found={found} csrf={c.var.csrf} notice={null} problem={result.message} />;
    return renderAdmin(c, { title: 'Ticket', status: 400, body });
  })
  .get('/admin/chat/presence', ...chat, (c) =>
    socketOr(c, async () => agentPresenceSocket(await deps(c), c.req.raw, agentOf(c))),
  )
  .get(`${CONVERSATION}/socket`, ...chat, (c) =>
    socketOr(c, async () => agentSocket(await deps(c), c.req.raw, c.req.param('id'), agentOf(c), clientIp(c))),
  )
  .post(`${CONVERSATION}/accept`, ...chat, ...staffForm(staffFormBase), async (c) => {
    const accepted = await acceptConversation(await deps(c), c.req.param('id'), agentOf(c));
    return accepted ? backTo(c, 'accepted') : renderNotice(c, 409, 'Closed', 'This chat has ended.');
  })
  .post(`${CONVERSATION}/close`, ...chat, ...staffForm(staffFormBase), async (c) => {
    const closed = await closeConversation(await deps(c), c.req.param('id'), agentOf(c));
    return closed ? backTo(c, 'closed') : renderNotice(c, 409, 'Closed', 'This chat has ended.');
  });
