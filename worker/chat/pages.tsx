import { type Context, Hono } from 'hono';
import { ticketBody } from '../../shared/api/chat.ts';
import { credentialCookie, credentialInQuery, exchangeOnArrival } from '../platform/link-exchange.ts';
import { getShopSettings, infoPage } from '../content/service.ts';
import { InfoPage } from '../content/views/InfoPage.tsx';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { clientIp } from '../platform/client-ip.ts';
import { systemClock } from '../platform/clock.ts';
import { renderErrorPage } from '../platform/render/render-page.tsx';
import { chatDeps } from './http.ts';
import { attachmentProblem, createTicket, type TicketAttachmentInput } from './service.ts';
import { shopperTicket, shopperTicketReply } from './staff.ts';
import { type FeedbackInput, FeedbackForm, type FeedbackProblems, TicketReplyPage } from './views/HelpDesk.tsx';
import { imageTypeOf } from '../platform/file-type.ts';
import { readableForm } from '../platform/form-body.ts';
import { inFrench } from '../platform/translate-message.ts';

type PageContext = Context<AppEnv>;
const PRIVATE = { robots: 'noindex' } as const;
const field = (value: unknown) => (typeof value === 'string' ? value : '');

/** The feedback page's written content (content configs), with the form in it. */
async function feedbackPage(c: PageContext, form: Parameters<typeof FeedbackForm>[0], status = 200) {
  const settings = await getShopSettings(c.env.SETTINGS, systemClock);
  const page = await infoPage(c.env.SETTINGS, systemClock, '/help/feedback', c.var.market.id, {
    shopName: settings.SHOP_NAME,
    phone: settings.COMPANY_PHONE,
    email: settings.COMPANY_EMAIL_1,
    address: settings.COMPANY_ADDRESS,
    returnWindowDays: String(settings.RETURN_WINDOW_DAYS),
  });
  if (!page) return renderErrorPage(c, 404);
  c.status(status as 200);
  // The answers the shop wrote in English, in the page's language where the message catalogue holds them.
  const spoken = (text: string) => (c.var.locale === 'fr' ? inFrench(text) : text);
  const problems = Object.fromEntries(Object.entries(form.problems).map(([field, text]) => [field, spoken(text)]));
  return c.render(
    <InfoPage page={page}>
      <FeedbackForm {...form} problems={problems} sent={form.sent && spoken(form.sent)} />
    </InfoPage>,
    { pageType: 'other' },
  );
}

/** The images of a sent form, with the first bytes each is judged by. */
async function attachmentsOf(value: unknown) {
  const files = (Array.isArray(value) ? value : [value]).filter(
    (file): file is File => file instanceof File && file.size > 0,
  );
  return Promise.all(
    files.map(async (file) => {
      const bytes = await file.arrayBuffer();
      return { name: file.name, size: file.size, bytes, head: new Uint8Array(bytes.slice(0, 16)) };
    }),
  );
}

/** Every field's first problem, by field name. */
function problemsOf(issues: { path: PropertyKey[]; message: string }[]): FeedbackProblems {
  const problems: FeedbackProblems = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '') as keyof FeedbackProblems;
    problems[name] ??= issue.message;
  }
  return problems;
}

async function sendFeedback(c: PageContext) {
  const form = await c.req.parseBody({ all: true });
  const input: FeedbackInput = {
    topic: field(form.topic),
    orderNumber: field(form.orderNumber),
    email: field(form.email),
    message: field(form.message),
  };
  const parsed = ticketBody.safeParse({ ...input, orderNumber: input.orderNumber || undefined, source: 'feedback' });
  const files = await attachmentsOf(form.attachments);
  const fileProblem = attachmentProblem(files);
  if (!parsed.success || fileProblem) {
    const problems = parsed.success ? {} : problemsOf(parsed.error.issues);
    if (fileProblem) problems.attachments = fileProblem;
    return feedbackPage(c, { input, problems, sent: null }, 400);
  }
  const attachments: TicketAttachmentInput[] = files.map((file) => ({
    name: file.name,
    type: imageTypeOf(file.head) ?? 'application/octet-stream',
    bytes: file.bytes,
  }));
  const ticket = { ...parsed.data, market: c.var.market.id, ip: clientIp(c), attachments };
  try {
    const answer = await createTicket(await chatDeps(c.env, c.var.market.id), {
      ...ticket,
      accountId: c.var.member?.accountId ?? null,
      memberEmail: c.var.member?.email ?? null,
    });
    return feedbackPage(c, { input, problems: {}, sent: answer.msg });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return feedbackPage(c, { input, problems: { message: error.message }, sent: null }, error.httpCode);
  }
}

const ticketIdOf = (c: PageContext) => Number(c.req.param('id'));

/**
 * A ticket's emailed link carries its token: the page takes it out of the address into the ticket's HttpOnly cookie
 * on arrival (issue 35), and the thread and its reply form read it there.
 */
const ticketCookie = (c: PageContext) => `ticket_${ticketIdOf(c)}`;
const TICKET_COOKIE_SECONDS = 86_400;
const ticketTokenOf = (c: PageContext) => credentialInQuery(c, 'token') ?? credentialCookie(c, ticketCookie(c)) ?? '';

async function ticketThread(c: PageContext, notice: string | null, problem: string | null, status = 200) {
  const token = ticketTokenOf(c);
  const found = await shopperTicket(await chatDeps(c.env, c.var.market.id), ticketIdOf(c), token);
  if (!found) return renderErrorPage(c, 404);
  c.status(status as 200);
  const page = (
    <TicketReplyPage
      ticketId={found.ticket.id}
      topic={found.ticket.topic}
      thread={found.thread}
      notice={notice}
      problem={problem}
    />
  );
  return c.render(page, PRIVATE);
}

/** The help desk's pages (issue 24): the feedback form, and a ticket's thread by its emailed link. */
export const helpDeskPages = new Hono<AppEnv>()
  .get('/help/feedback', (c) =>
    feedbackPage(c, {
      input: { topic: '', orderNumber: '', email: c.var.member?.email ?? '', message: '' },
      problems: {},
      sent: null,
    }),
  )
  .post('/help/feedback', readableForm, sendFeedback)
  .get(
    '/help/ticket/:id{[0-9]{1,9}}',
    (c) =>
      exchangeOnArrival(c, 'token', { cookie: ticketCookie(c), maxAgeSeconds: TICKET_COOKIE_SECONDS }) ??
      ticketThread(c, null, null),
  )
  .post('/help/ticket/:id{[0-9]{1,9}}', readableForm, async (c) => {
    const form = await c.req.parseBody();
    const deps = await chatDeps(c.env, c.var.market.id);
    const result = await shopperTicketReply(deps, ticketIdOf(c), ticketTokenOf(c), field(form.message));
    if (result.ok) return ticketThread(c, 'Thanks. Your reply has been added to your message.', null);
    return ticketThread(c, null, result.message, 400);
  });
