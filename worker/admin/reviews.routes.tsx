import { Hono } from 'hono';
import { flagReview, type ModerationResult, publishReview, rejectReview, reviewQueue } from '../reviews/staff.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { auditedAs, DONE_NOTICE, moderationDeps, queuePage } from './reviews.ts';
import { type QueueProblem, type ReviewForm, ReviewsPage } from './views/ReviewsPage.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const REVIEW = '/admin/reviews/:id{[0-9]{1,9}}';
const moderate = [staffSession, requirePermission('reviews.moderate')] as const;

/** The queue, showing the status and page the staff member was on, with a notice or a problem. */
async function queue(c: AdminContext, view: { status?: string; page?: string }, problem?: QueueProblem, status = 200) {
  const found = await reviewQueue(c.env.DB, view.status, queuePage(view.page));
  const done = c.req.query('done');
  const reviewId = c.req.query('review');
  const notice =
    done && DONE_NOTICE[done] && /^\d{1,9}$/.test(reviewId ?? '') ? `Review ${reviewId} ${DONE_NOTICE[done]}` : null;
  const body = <ReviewsPage found={found} csrf={c.var.csrf} notice={notice} problem={problem} />;
  return renderAdmin(c, { title: 'Reviews', status, body });
}

/** Back to the queue the form came from after a change; the queue with the reason when there was none. */
async function answer(c: AdminContext, id: number, result: ModerationResult, done: string, which: ReviewForm) {
  const form = await c.req.parseBody();
  const view = { status: text(form.view), page: text(form.page) };
  if (result.ok) {
    const query = new URLSearchParams({
      status: view.status || 'PENDING',
      page: view.page || '1',
      done,
      review: `${id}`,
    });
    return c.redirect(`/admin/reviews?${query}`, 303);
  }
  if (result.problem === 'not-found') return renderNotice(c, 404, 'Not found', result.message);
  const input = { form: which, reason: text(form.reason), note: text(form.note) };
  const problem = { reviewId: id, message: result.message, field: result.problem === 'invalid' ? input : null };
  return queue(c, view, problem, result.problem === 'invalid' ? 400 : 409);
}

const reviewId = (c: AdminContext) => Number(c.req.param('id'));

/** Review moderation (issue 19, Reviews): the queue, publish, reject with a reason, and staff flags. */
export const adminReviews = new Hono<AdminEnv>()
  .get('/admin/reviews', ...moderate, (c) => queue(c, { status: c.req.query('status'), page: c.req.query('page') }))
  .post(`${REVIEW}/publish`, ...moderate, async (c) => {
    const id = reviewId(c);
    const audit = auditedAs(c.env.DB, c.var.staff, 'review.publish', id);
    return answer(c, id, await publishReview(await moderationDeps(c), id, audit), 'published', 'publish');
  })
  .post(`${REVIEW}/reject`, ...moderate, async (c) => {
    const id = reviewId(c);
    const form = await c.req.parseBody();
    const audit = auditedAs(c.env.DB, c.var.staff, 'review.reject', id);
    const choice = { choice: text(form.reason), note: text(form.note) };
    const result = await rejectReview(await moderationDeps(c), id, choice, audit);
    return answer(c, id, result, result.ok && result.emailed ? 'rejected' : 'rejected-unsent', 'reject');
  })
  .post(`${REVIEW}/flag`, ...moderate, async (c) => {
    const id = reviewId(c);
    const form = await c.req.parseBody();
    const result = await flagReview(c.env.DB, id, text(form.flag), auditedAs(c.env.DB, c.var.staff, 'review.flag', id));
    return answer(c, id, result, 'flagged', 'flag');
  });
