import { Hono } from 'hono';
import { flagReview, type ModerationResult, publishReview, rejectReview, reviewQueue } from '../reviews/staff.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { auditedAs, DONE_NOTICE, moderationDeps, queuePage } from './reviews.ts';
import { type QueueProblem, type ReviewForm, ReviewsPage } from './views/ReviewsPage.tsx';
import { field, REDIRECT_VALUE_MAX, staffForm, staffFormBase } from './form.ts';
import type * as z from 'zod';

/** Every moderation form says which queue it came from (status and page), to go back to it. */
const moderationForm = staffFormBase.extend({ view: field(REDIRECT_VALUE_MAX), page: field(REDIRECT_VALUE_MAX) });
const rejectForm = moderationForm.extend({ reason: field(), note: field() });
const flagForm = moderationForm.extend({ flag: field(100) });
type ModerationForm = z.output<typeof moderationForm> & { reason?: string; note?: string };

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
async function answer(
  c: AdminContext,
  id: number,
  result: ModerationResult,
  done: string,
  which: ReviewForm,
  form: ModerationForm,
) {
  const view = { status: form.view, page: form.page };
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
  const input = { form: which, reason: form.reason ?? '', note: form.note ?? '' };
  const problem = { reviewId: id, message: result.message, field: result.problem === 'invalid' ? input : null };
  return queue(c, view, problem, result.problem === 'invalid' ? 400 : 409);
}

const reviewId = (c: AdminContext) => Number(c.req.param('id'));

/** Review moderation (issue 19, Reviews): the queue, publish, reject with a reason, and staff flags. */
export const adminReviews = new Hono<AdminEnv>()
  .get('/admin/reviews', ...moderate, (c) => queue(c, { status: c.req.query('status'), page: c.req.query('page') }))
  .post(`${REVIEW}/publish`, ...moderate, ...staffForm(moderationForm), async (c) => {
    const id = reviewId(c);
    const audit = auditedAs(c.env.DB, c.var.staff, 'review.publish', id);
    const result = await publishReview(await moderationDeps(c), id, audit);
    return answer(c, id, result, 'published', 'publish', c.req.valid('form'));
  })
  .post(`${REVIEW}/reject`, ...moderate, ...staffForm(rejectForm), async (c) => {
    const id = reviewId(c);
    const form = c.req.valid('form');
    const audit = auditedAs(c.env.DB, c.var.staff, 'review.reject', id);
    const choice = { choice: form.reason, note: form.note };
    const result = await rejectReview(await moderationDeps(c), id, choice, audit);
    return answer(c, id, result, result.ok && result.emailed ? 'rejected' : 'rejected-unsent', 'reject', form);
  })
  .post(`${REVIEW}/flag`, ...moderate, ...staffForm(flagForm), async (c) => {
    const id = reviewId(c);
    const form = c.req.valid('form');
    const result = await flagReview(c.env.DB, id, form.flag, auditedAs(c.env.DB, c.var.staff, 'review.flag', id));
    return answer(c, id, result, 'flagged', 'flag', form);
  });
