import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import { API } from '../../shared/api-routes.ts';
import {
  chatConfigAnswer,
  chatContextBody,
  endChatBody,
  historyAnswer,
  startChatAnswer,
  startChatBody,
  ticketAnswer,
  ticketBody,
  tokenQuery,
  transcriptBody,
} from '../../shared/api/chat.ts';
import { CHAT_ATTACHMENT_PATH, CHAT_MSG } from '../../shared/chat.ts';
import { credentials } from '../cart/http.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { clientIp } from '../platform/client-ip.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { chatDeps, enveloped, imageAnswer, postedImage, queryOf, socketAnswer, wantsSocket } from './http.ts';
import {
  ATTACHMENT_LIMITS,
  chatConfig,
  conversationHistory,
  createTicket,
  emailTranscript,
  endConversation,
  shopperImage,
  shopperPostImage,
  shopperSocket,
  startConversation,
  updateShopperContext,
} from './service.ts';
import type { Context } from 'hono';

const TAG = 'chat';

const configCall = endpoint({
  ...API.chatConfig,
  tag: TAG,
  summary: 'Live chat (§7): online now, support hours, expected wait, the welcome text',
  response: chatConfigAnswer,
});
const startCall = endpoint({
  ...API.chatStart,
  tag: TAG,
  summary: 'Starts a chat while agents are online (409 offline); answers the signed conversation token',
  body: startChatBody,
  response: startChatAnswer,
});
const historyCall = endpoint({
  ...API.chatHistory,
  tag: TAG,
  summary: "A conversation's status and messages, by its token (reconnects, a new page)",
  query: tokenQuery,
  response: historyAnswer,
});
const socketCall = endpoint({
  method: 'get',
  path: '/customer/public/online-customer/conversation/socket',
  tag: TAG,
  summary: "The conversation's WebSocket (Upgrade: websocket), by its token: messages, typing, read receipts",
  query: tokenQuery,
  response: z.null(),
});
const endCall = endpoint({
  ...API.chatEnd,
  tag: TAG,
  summary: 'Ends a chat with a rating (1-5) and an optional comment',
  body: endChatBody,
  response: historyAnswer,
});
const transcriptCall = endpoint({
  ...API.chatTranscript,
  tag: TAG,
  summary:
    "Emails the chat's transcript: all of it to the signed-in member's own address, the agents' messages to any other",
  body: transcriptBody,
  response: z.null(),
});
const ticketCall = endpoint({
  ...API.ticketCreate,
  tag: TAG,
  summary: 'An offline message or the feedback form: a ticket, confirmed by email with when to expect a reply',
  body: ticketBody,
  response: ticketAnswer,
});

const contextCall = endpoint({
  ...API.chatContext,
  tag: TAG,
  summary: 'The launcher on a new page of an open chat: the page and chosen vehicle; the server reads the cart itself',
  body: chatContextBody,
  response: z.null(),
});
/** The calls this module mounts, as /openapi.json documents them. */
export const chatEndpoints: readonly Endpoint[] = [
  configCall,
  startCall,
  historyCall,
  socketCall,
  endCall,
  transcriptCall,
  ticketCall,
  contextCall,
];

const deps = (c: Context<AppEnv>) => chatDeps(c.env, c.var.market.id);

/** Live chat and the help desk for shoppers (§1, §7, issue 24). */
export const chatApi = new Hono<AppEnv>()
  .get(configCall.path, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(ok(await chatConfig(await deps(c), c.var.member?.email ?? null)));
  })
  .post(startCall.path, async (c) => {
    const body = await readBody(c, startCall);
    const shopper = {
      market: c.var.market.id,
      cart: credentials(c, null),
      visitorKey: c.var.visitorKey,
      ip: clientIp(c),
      member: c.var.member,
    };
    return c.json(ok(await startConversation(await deps(c), shopper, body)));
  })
  .post(contextCall.path, async (c) => {
    const { token, ...where } = await readBody(c, contextCall);
    await updateShopperContext(await deps(c), token, { market: c.var.market.id, cart: credentials(c, null) }, where);
    return c.json(ok(null));
  })
  // The image paths take and give bytes, so they are not API paths; they answer refusals in the envelope.
  .post(CHAT_ATTACHMENT_PATH, (c) =>
    enveloped(c, async () => {
      const { token } = queryOf(c, tokenQuery);
      const image = await postedImage(c, ATTACHMENT_LIMITS.bytes);
      return c.json(ok(await shopperPostImage(await deps(c), token, clientIp(c), image)));
    }),
  )
  .get(`${CHAT_ATTACHMENT_PATH}/:seq{[0-9]{1,9}}`, (c) =>
    enveloped(c, async () => {
      const { token } = queryOf(c, tokenQuery);
      const image = await shopperImage(await deps(c), token, Number(c.req.param('seq')));
      if (!image) throw ApiError.notFound('There is no such image in this chat.');
      return imageAnswer(image);
    }),
  )
  .get(historyCall.path, async (c) => {
    const { token } = readQuery(c, historyCall);
    return c.json(ok(await conversationHistory(await deps(c), token)));
  })
  .get(socketCall.path, async (c) => {
    if (!wantsSocket(c.req.raw)) throw new ApiError(426, 426, 'This call needs Upgrade: websocket');
    const token = c.req.query('token') ?? '';
    const upstream = await shopperSocket(await deps(c), c.req.raw, token, clientIp(c));
    if (!upstream) throw new ApiError(403, 403, CHAT_MSG.tokenInvalid);
    if (upstream.status === 429) throw new ApiError(429, 429, CHAT_MSG.tooManySockets);
    return socketAnswer(upstream);
  })
  .post(endCall.path, async (c) => {
    const body = await readBody(c, endCall);
    return c.json(ok(await endConversation(await deps(c), body)));
  })
  .post(transcriptCall.path, async (c) => {
    await emailTranscript(await deps(c), await readBody(c, transcriptCall), c.var.member?.email ?? null);
    return c.json({ ...ok(null), msg: CHAT_MSG.transcriptSent });
  })
  .post(ticketCall.path, async (c) => {
    const body = await readBody(c, ticketCall);
    const { member } = c.var;
    const input = {
      ...body,
      market: c.var.market.id,
      ip: clientIp(c),
      accountId: member?.accountId ?? null,
      memberEmail: member?.email ?? null,
    };
    return c.json(ok(await createTicket(await deps(c), input)));
  });
