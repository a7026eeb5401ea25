import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { streamHtml } from '../platform/render/render.tsx';
import { paymentRuntime } from './http.ts';
import { sandboxEnabled } from './registry.ts';
import { SandboxProvider, sandboxWindowPath } from './sandbox.ts';
import { Window, windowFor } from './views/SandboxWindow.tsx';
import { readableForm } from '../platform/form-body.ts';

/**
 * The sandbox's hosted payment window (/payment/sandbox/:paymentId), with its own form endpoints;
 * the window itself is drawn by views/SandboxWindow.tsx.
 */

const notFound = (c: Context<AppEnv>) =>
  streamHtml(
    c,
    <Window title="Payment not found">
      <p>This payment could not be found. Please return to checkout.</p>
    </Window>,
    404,
  );
const field = (body: Record<string, unknown>, name: string) => (typeof body[name] === 'string' ? body[name] : '');
const sandboxOf = (c: Context<AppEnv>) => new SandboxProvider(c.env, paymentRuntime(c));

/** The hosted payment window of the sandbox provider, with its own form endpoints. */
export const paymentSandboxPages = new Hono<AppEnv>()
  .use('/payment/sandbox/*', async (c, next) => {
    // Test cards must never take payments where the sandbox is off (production).
    if (!sandboxEnabled(c.env)) return notFound(c);
    await next();
    // Card details are typed here: never cached.
    c.header('Cache-Control', 'no-store');
  })
  .get('/payment/sandbox/:paymentId', async (c) => {
    const payment = await sandboxOf(c).load(c.req.param('paymentId'));
    return payment ? streamHtml(c, windowFor(payment, c.var.cspNonce)) : notFound(c);
  })
  .post('/payment/sandbox/:paymentId/submit', readableForm, async (c) => {
    const form = await c.req.parseBody();
    const submission = await sandboxOf(c).submitCard(c.req.param('paymentId'), {
      number: field(form, 'cardNumber'),
      expiry: field(form, 'expiry'),
      cvc: field(form, 'cvc'),
    });
    if (submission.kind === 'gone') return notFound(c);
    if (submission.kind === 'invalid') {
      const payment = await sandboxOf(c).load(c.req.param('paymentId'));
      return payment ? streamHtml(c, windowFor(payment, c.var.cspNonce, submission.message), 400) : notFound(c);
    }
    return c.redirect(sandboxWindowPath(submission.payment.id), 303);
  })
  .post('/payment/sandbox/:paymentId/challenge', readableForm, async (c) => {
    const answer = field(await c.req.parseBody(), 'answer');
    const sandbox = sandboxOf(c);
    if (answer !== 'authenticate' && answer !== 'fail') {
      const payment = await sandbox.load(c.req.param('paymentId'));
      return payment
        ? streamHtml(c, windowFor(payment, c.var.cspNonce, 'Please choose Authenticate or Fail authentication.'), 400)
        : notFound(c);
    }
    const payment = await sandbox.answerChallenge(c.req.param('paymentId'), answer === 'authenticate');
    return payment ? c.redirect(sandboxWindowPath(payment.id), 303) : notFound(c);
  });
