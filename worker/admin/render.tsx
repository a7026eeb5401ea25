import type { Context } from 'hono';
import type { ReactNode } from 'react';
import type { AppEnv } from '../env.ts';
import { streamHtml } from '../platform/render/render.tsx';
import { AdminDocument } from './views/AdminDocument.tsx';
import { NoticePage } from './views/NoticePage.tsx';
import type { StaffMember } from './service.ts';

/** What a staff page renders into the console's own layout. */
interface AdminPage {
  title: string;
  body: ReactNode;
  status?: number;
}

/** Streams a console page (its own layout, no storefront header or footer), noindex. */
// biome-ignore lint/suspicious/noExplicitAny: any admin context; the layout reads only its variables
export function renderAdmin(c: Context<any>, page: AdminPage): Promise<Response> {
  const staff = (c.var.staff as StaffMember | undefined) ?? null;
  const document = (
    <AdminDocument title={page.title} staff={staff} csrf={c.var.csrf ?? ''} path={new URL(c.req.url).pathname}>
      {page.body}
    </AdminDocument>
  );
  return streamHtml(c as Context<AppEnv>, document, page.status);
}

/** A short page with a status: 401, 403, 404, or a sign-in that needs Cloudflare Access. */
// biome-ignore lint/suspicious/noExplicitAny: as above
export function renderNotice(c: Context<any>, status: number, title: string, message: string) {
  return renderAdmin(c, { title, status, body: <NoticePage status={status} title={title} message={message} /> });
}
