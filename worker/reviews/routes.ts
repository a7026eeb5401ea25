import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { credentialCookie, forgetCredential } from '../platform/link-exchange.ts';
import { COOKIE } from '../../shared/constants.ts';
import { clientIp } from '../platform/client-ip.ts';
import { enforce } from '../platform/rate-limit.ts';
import {
  checkDraft,
  createReview,
  deleteReview,
  editReview,
  inviteToReview,
  listReviews,
  publishedReview,
  recentReviews,
  REVIEW_NOT_FOUND,
  REVIEW_RULE,
  reviewInfo,
  verifyInvitation,
  type Reviewer,
} from './service.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { createdReview, reviewDraftBody, reviewFields, reviewItemId } from '../../shared/api/reviews.ts';

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const size = z.coerce.number().int().min(1).max(50).default(10);
const review = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  content: z.string(),
  name: z.string(),
  vehicle: z.string().nullable(),
  verifiedPurchase: z.boolean(),
  helpfulCount: z.number().int(),
  createdAt: z.number().int(),
});
const DRAFT_DOC =
  'body { itemId, rating 1-5, title 1-100, content 10-2000, name 1-50 with letters, vehicle? max 80, invitation? }; ' +
  'no email or URL in title/content';

const list = endpoint({
  method: 'get',
  path: '/item/public/buyer/v3/review/list',
  tag: 'review',
  summary:
    "An item's published reviews: query itemId, page (1), size (10, max 50), rating (1-5 filter), sort " +
    'newest|helpful|rating; answers { list, total, page, size }',
  query: z.object({
    itemId: id,
    page,
    size,
    rating: z.coerce.number().int().min(1).max(5).optional(),
    sort: z.enum(['newest', 'helpful', 'rating']).default('newest'),
  }),
  response: z.object({
    list: z.array(review),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  }),
});
const info = endpoint({
  method: 'get',
  path: '/item/public/buyer/v2/review/info',
  tag: 'review',
  summary:
    "An item's rating summary: published average (4.6 with isDefault when none), reviewCount and the 1-5 star " +
    'distribution',
  query: z.object({ itemId: id }),
  response: z.object({
    itemId: z.number().int(),
    rating: z.number(),
    isDefault: z.boolean(),
    reviewCount: z.number().int(),
    distribution: z.record(z.string(), z.number().int()),
  }),
});
const add = endpoint({
  ...API.reviewAdd,
  tag: 'review',
  summary:
    `Write a review (PENDING until moderated; rate-limited per IP): ${DRAFT_DOC}; answers { id, status, ` +
    `editLink } — keep editLink to edit or delete`,
  body: reviewDraftBody,
  response: createdReview,
});
const addAlias = endpoint({
  ...add,
  path: '/item/public/buyer/review/add',
  summary: `Same as POST /item/public/buyer/review: ${DRAFT_DOC}`,
});
const edit = endpoint({
  method: 'put',
  path: '/item/public/buyer/review',
  tag: 'review',
  summary:
    'Edit a review with its editLink: body { id, editLink, rating, title, content, name, vehicle? }; it waits for ' +
    'moderation again; 403 on a wrong link',
  body: z.object({ id: z.number().int().positive(), editLink: z.string().min(1).max(200), ...reviewFields }),
  response: z.object({ id: z.number().int(), status: z.literal('PENDING') }),
});
const remove = endpoint({
  method: 'delete',
  path: '/item/public/buyer/review',
  tag: 'review',
  summary: 'Delete a review: query id and editLink; 403 on a wrong link',
  query: z.object({ id, editLink: z.string().min(1).max(200) }),
  response: z.null(),
});
const detail = endpoint({
  method: 'get',
  path: '/item/public/buyer/review/detail/:id',
  tag: 'review',
  summary: 'One published review by id (404 otherwise)',
  response: review,
});
const check = endpoint({
  method: 'post',
  path: '/item/public/buyer/review/check',
  tag: 'review',
  summary: `Validate a draft without saving: ${DRAFT_DOC}; answers { ok: true } or 400 with the message`,
  body: reviewDraftBody,
  response: z.object({ ok: z.literal(true) }),
});
const invitation = endpoint({
  method: 'post',
  path: '/item/public/buyer/v2/review/invitation',
  tag: 'review',
  summary:
    'An invitation to review an item (HMAC-signed, 30 days; issued by the shop, open only with DEV_TOOLS until ' +
    'orders exist): body { itemId }; answers { token, itemId, expiresAt }; a review posted with it is a verified ' +
    'purchase',
  body: z.object({ itemId: reviewItemId }),
  response: z.object({ token: z.string(), itemId: z.number().int(), expiresAt: z.number().int() }),
});
const invitationCheck = endpoint({
  method: 'post',
  path: '/item/public/buyer/v2/review/invitation/check',
  tag: 'review',
  summary: 'Check an invitation: body { token }; answers { valid, itemId } (itemId null when invalid or expired)',
  body: z.object({ token: z.string().max(1000) }),
  response: z.object({ valid: z.boolean(), itemId: z.number().int().nullable() }),
});
const top3 = endpoint({
  method: 'get',
  path: '/item/public/buyer/review/top3-reviews',
  tag: 'review',
  summary: 'The three most helpful published reviews of an item: query itemId',
  query: z.object({ itemId: id }),
  response: z.array(review),
});
const recent = endpoint({
  method: 'get',
  path: '/item/public/buyer/review/reviews',
  tag: 'review',
  summary:
    'The newest published reviews across the shop with their item title: query page (1), size (10, max 50); answers ' +
    '{ list, total, page, size }',
  query: z.object({ page, size }),
  response: z.object({
    list: z.array(review.extend({ itemTitle: z.string() })),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  }),
});

const limited = (c: Context<AppEnv>) =>
  enforce(c.env.RATE_LIMITER, [{ key: `review:ip:${clientIp(c)}`, rule: REVIEW_RULE }]);
/**
 * The signed-in shopper as a buyer of the item, when the orders say they paid for it: their review is then a
 * verified purchase. The orders sit above the reviews, so the app hands this in (worker/routes/index.ts).
 */
export type BuyerOf = (c: Context<AppEnv>, itemId: number) => Promise<Reviewer | null>;

/**
 * A review's proof of purchase: the invitation in its body (an app's), else the one the invitation link left in
 * its cookie, else the signed-in member's own paid order of the item.
 */
const addHandler = (buyerOf: BuyerOf) => async (c: Context<AppEnv>) => {
  await limited(c);
  const body = await readBody(c, add);
  const kept = credentialCookie(c, `${COOKIE.reviewInvitation}_${body.itemId}`);
  const draft = { ...body, invitation: body.invitation ?? kept };
  const review = await createReview(c.env.DB, c.env.AUTH_SECRET, draft, Date.now(), await buyerOf(c, body.itemId));
  if (kept) forgetCredential(c, `${COOKIE.reviewInvitation}_${body.itemId}`);
  return c.json(ok(review));
};

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const reviewsEndpoints: readonly Endpoint[] = [
  list,
  info,
  add,
  addAlias,
  edit,
  remove,
  detail,
  check,
  invitation,
  invitationCheck,
  top3,
  recent,
];

/** The product reviews calls (§7 Reviews), with the orders' word on who bought what. */
export const reviewsApiWith = (buyerOf: BuyerOf) =>
  new Hono<AppEnv>()
    .get(list.path, async (c) => {
      const query = readQuery(c, list);
      return c.json(ok(await listReviews(c.env.DB, query.itemId, query.page, query.size, query.sort, query.rating)));
    })
    .get(info.path, async (c) => c.json(ok(await reviewInfo(c.env.DB, readQuery(c, info).itemId))))
    .post(add.path, addHandler(buyerOf))
    .post(addAlias.path, addHandler(buyerOf))
    .put(edit.path, async (c) => {
      await limited(c);
      const { id: reviewId, editLink, ...draft } = await readBody(c, edit);
      return c.json(ok(await editReview(c.env.DB, reviewId, editLink, draft)));
    })
    .delete(remove.path, async (c) => {
      await limited(c);
      const query = readQuery(c, remove);
      await deleteReview(c.env.DB, query.id, query.editLink);
      return c.json(ok(null));
    })
    .get(detail.path, async (c) => {
      const parsed = id.safeParse(c.req.param('id'));
      if (!parsed.success) throw ApiError.notFound(REVIEW_NOT_FOUND);
      return c.json(ok(await publishedReview(c.env.DB, parsed.data)));
    })
    .post(check.path, async (c) => {
      await checkDraft(c.env.DB, await readBody(c, check));
      return c.json(ok({ ok: true as const }));
    })
    .post(invitation.path, async (c) => {
      // An invitation marks a review as a verified purchase, so only the shop may issue one: until
      // orders exist to check against, the call answers only with the developer tools on.
      if (c.env.DEV_TOOLS !== 'true')
        throw new ApiError(403, 403, 'Review invitations are sent by the shop after an order ships.');
      await limited(c);
      const { itemId } = await readBody(c, invitation);
      return c.json(ok(await inviteToReview(c.env.DB, c.env.AUTH_SECRET, itemId)));
    })
    .post(invitationCheck.path, async (c) => {
      const itemId = await verifyInvitation((await readBody(c, invitationCheck)).token, c.env.AUTH_SECRET);
      return c.json(ok({ valid: itemId !== null, itemId }));
    })
    .get(top3.path, async (c) =>
      c.json(ok((await listReviews(c.env.DB, readQuery(c, top3).itemId, 1, 3, 'helpful')).list)),
    )
    .get(recent.path, async (c) => {
      const query = readQuery(c, recent);
      return c.json(ok(await recentReviews(c.env.DB, query.page, query.size)));
    });
