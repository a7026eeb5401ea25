import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { renderErrorPage } from './render/render-page.tsx';

/**
 * Storefront pages that take a form (the help desk, a ticket reply, the return link, undoing an
 * email change, the sandbox payment window): a body that claims to be a form but cannot be read
 * (a broken multipart body) is the 400 page, never a 500. The route then reads the form as before,
 * from Hono's cache of the parsed body. (The back office reads its forms through admin/form.ts.)
 */
export const readableForm = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await c.req.parseBody();
  } catch {
    return renderErrorPage(c, 400);
  }
  await next();
});
