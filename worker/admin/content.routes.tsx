import { Hono } from 'hono';
import type { MarketId } from '../../shared/markets.ts';
import { PREVIEW_PARAM } from '../content/service.ts';
import { systemClock } from '../platform/clock.ts';
import {
  CACHE_TIME,
  CONTENT_MSG,
  campaignPageEntries,
  publishEntry,
  saveDraft,
  storedEntry,
} from './content-editor.ts';
import { CONTENT_TYPES, type ContentEntry, entryById, RUNNING_CAMPAIGN } from './content-entries.ts';
import { type FormState, formFromBody, formOf, movedItems } from './content-form.ts';
import { marketStates } from './content-states.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { ContentEditPage, type ContentEditView } from './views/ContentEditPage.tsx';
import { ContentListPage, type ContentRow } from './views/ContentListPage.tsx';
import { field, staffForm, staffFormBase, texts } from './form.ts';

const ENTRY = '/admin/content/:id{[a-z0-9-]+(?:/[a-z0-9-]+)?}';
const manage = [staffSession, requirePermission('content.manage')] as const;
const NOT_FOUND = 'There is no content entry at this address.';
const MOVED = 'Not published yet: Publish to save the list as it is now.';

/**
 * An editor's form: its version, what it asks (`op`) and how many items it has, then each item's
 * fields (`i.<n>.<name>`), those of ticked boxes repeated once a box.
 */
const contentForm = staffFormBase.extend({ _version: field(200), op: field(40), count: field(10) }).catchall(texts());

/**
 * The storefront of a market beside the console the staff member is using: its host with a first
 * label of `ca` (Canada) or `us`. Not the configured marketOrigin: a preview is a redirect for this
 * browser alone (never a link handed out), so following its own host is safe, and it keeps the
 * preview on the host the console was opened on (a local or staging console included).
 */
function storefrontBesideConsole(url: URL, market: MarketId): string {
  const labels = url.hostname.split('.');
  const base = labels[0] === 'us' || labels[0] === 'ca' ? labels.slice(1) : labels;
  const host = market === 'ca' ? ['ca', ...base] : labels[0] === 'ca' ? ['us', ...base] : labels;
  return `${url.protocol}//${host.join('.')}${url.port ? `:${url.port}` : ''}`;
}

function editPage(c: AdminContext, view: Omit<ContentEditView, 'csrf' | 'cacheTime'>, status = 200) {
  const full = { ...view, csrf: c.var.csrf, cacheTime: CACHE_TIME[view.entry.cache] };
  return renderAdmin(c, { title: view.entry.label, status, body: <ContentEditPage view={full} /> });
}

async function row(kv: KVNamespace, entry: ContentEntry, now: number): Promise<ContentRow> {
  const stored = await storedEntry(kv, entry);
  const states = marketStates(entry, stored.value, now);
  return { entry, stored: stored.value !== null, states, cacheTime: CACHE_TIME[entry.cache] };
}

/** A publish or preview the form asked for, or the list moved and shown again. */
async function posted(c: AdminContext, entry: ContentEntry, op: string, form: FormState, version: string) {
  const moved = entry.list ? movedItems(form.items, op) : null;
  if (moved)
    return editPage(c, {
      entry,
      form: { ...form, items: moved },
      version,
      errors: {},
      notice: { kind: 'notice', text: MOVED },
    });
  const deps = { db: c.env.DB, kv: c.env.SETTINGS, staff: c.var.staff, now: systemClock.now() };
  if (op === 'preview-us' || op === 'preview-ca') {
    const draft = await saveDraft({ ...deps, secret: c.env.AUTH_SECRET }, entry, form);
    if (!draft.ok) return editPage(c, { entry, form, version, errors: draft.errors }, 400);
    const origin = storefrontBesideConsole(new URL(c.req.url), op === 'preview-ca' ? 'ca' : 'us');
    return c.redirect(`${origin}${entry.previewPath}?${PREVIEW_PARAM}=${encodeURIComponent(draft.token)}`, 303);
  }
  const result = await publishEntry(deps, entry, form, version);
  if (result.ok) return c.redirect(`/admin/content/${entry.id}?done=published`, 303);
  if (result.problem === 'invalid') return editPage(c, { entry, form, version, errors: result.errors }, 400);
  const notice = { kind: 'error' as const, text: CONTENT_MSG.stale };
  return editPage(c, { entry, form: result.form, version: result.version, errors: {}, notice }, 409);
}

/** Content and campaign editors (issue 22 item 4): the list, an editor per entry, publish and preview. */
export const adminContent = new Hono<AdminEnv>()
  .get('/admin/content', ...manage, async (c) => {
    const now = systemClock.now();
    const pages = await campaignPageEntries(c.env.SETTINGS);
    const [content, campaigns] = await Promise.all([
      Promise.all(CONTENT_TYPES.map((entry) => row(c.env.SETTINGS, entry, now))),
      Promise.all([RUNNING_CAMPAIGN, ...pages].map((entry) => row(c.env.SETTINGS, entry, now))),
    ]);
    return renderAdmin(c, { title: 'Content', body: <ContentListPage content={content} campaigns={campaigns} /> });
  })
  .get('/admin/content/new-campaign-page', ...manage, (c) => {
    const slug = c.req.query('slug') ?? '';
    if (!/^[a-z0-9-]{1,80}$/.test(slug)) return c.redirect('/admin/content', 303);
    return c.redirect(`/admin/content/campaign-page/${slug}`, 303);
  })
  .get(ENTRY, ...manage, async (c) => {
    const entry = entryById(c.req.param('id'));
    if (!entry) return renderNotice(c, 404, 'Not found', NOT_FOUND);
    const stored = await storedEntry(c.env.SETTINGS, entry);
    const done = c.req.query('done') === 'published';
    const notice = done ? { kind: 'ok' as const, text: CONTENT_MSG.published(CACHE_TIME[entry.cache]) } : null;
    return editPage(c, { entry, form: formOf(entry, stored.value), version: stored.version, errors: {}, notice });
  })
  .post(ENTRY, ...manage, ...staffForm(contentForm), async (c) => {
    const entry = entryById(c.req.param('id'));
    if (!entry) return renderNotice(c, 404, 'Not found', NOT_FOUND);
    const inputs = c.req.valid('form');
    return posted(c, entry, inputs.op || 'publish', formFromBody(entry, inputs), inputs._version);
  });
