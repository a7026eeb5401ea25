import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { CSV_MSG, IMPORT_MAX_BYTES } from '../../shared/catalog-csv.ts';
import { applyImport, type ApplyProgress, checkedImport, checkImport, exportCsv } from '../catalog/staff.ts';
import { systemClock } from '../platform/clock.ts';
import { log } from '../platform/log.ts';
import { renderToString } from '../platform/render/react-server.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { auditedBy } from './service.ts';
import { AdminDocument } from './views/AdminDocument.tsx';
import { ApplyStep, CatalogImportReport, CatalogImportUpload } from './views/CatalogImportPage.tsx';
import { CatalogStyles } from './views/CatalogStyles.tsx';
import { file, staffForm, staffFormBase } from './form.ts';

const IMPORT = '/admin/catalog/import/:token{[0-9a-f]{48}}';
const editPrices = [staffSession, requirePermission('catalog.editPrices')] as const;
/** Room for the multipart envelope around a file of the largest size. */
const UPLOAD_OVERHEAD = 64 * 1024;
const NOT_FOUND = 'There is no such import. Upload the file again.';
const PROGRESS_SLOT = 'catalog-import-progress-slot';

/** Refuses an upload larger than the limit before anything reads it. */
/** The import form: one CSV file. */
const importForm = staffFormBase.extend({ file });

const uploadLimit = createMiddleware<AdminEnv>(async (c, next) => {
  if (Number(c.req.header('content-length') ?? 0) > IMPORT_MAX_BYTES + UPLOAD_OVERHEAD)
    return renderNotice(c, 413, 'File too large', CSV_MSG.tooLarge);
  await next();
});

const uploadPage = (c: AdminContext, problem?: string, status = 200) =>
  renderAdmin(c, {
    title: 'Import prices and stock',
    status,
    body: <CatalogImportUpload csrf={c.var.csrf} problem={problem} />,
  });

/**
 * Applying an import, streamed: the page's top at once, then a progress bar after each batch, then
 * the outcome. Works without a script, and the request's own stream keeps the Worker at it.
 */
function streamApply(c: AdminContext, token: string, title: string): Response {
  const slot = (
    <div className="import-progress" aria-live="polite" dangerouslySetInnerHTML={{ __html: PROGRESS_SLOT }} />
  );
  const page = (
    <AdminDocument title={title} staff={c.var.staff} csrf={c.var.csrf} path={new URL(c.req.url).pathname}>
      <section className="catalog-admin">
        <CatalogStyles />
        <h1>{title}</h1>
        {slot}
      </section>
    </AdminDocument>
  );
  const html = renderToString(page);
  const [head, tail] = html.split(PROGRESS_SLOT) as [string, string];
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  // A reader that went away does not stop the work: the rest is applied all the same.
  const write = (text: string) => writer.write(encoder.encode(text)).catch(() => undefined);
  const step = (progress: ApplyProgress | { state: 'failed' }) =>
    write(renderToString(<ApplyStep progress={progress} token={token} />));
  const audit = auditedBy(c.var.staff, { action: 'catalog.import', recordType: 'catalog_import', recordId: token });
  const work = (async () => {
    await write(`${html.startsWith('<!DOCTYPE') ? '' : '<!DOCTYPE html>'}${head}`);
    try {
      for await (const progress of applyImport(c.env.DB, token, audit)) await step(progress);
    } catch (error) {
      log.error('catalog import stopped', error);
      await step({ state: 'failed' });
    }
    await write(tail);
    await writer.close().catch(() => undefined);
  })();
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // no execution context (a direct app.request in a test): the stream alone carries the work
  }
  return c.body(readable, 200, { 'Content-Type': 'text/html; charset=utf-8' });
}

/** Prices and stock by CSV (issue 22): upload, the dry run's report, Apply with progress, and the export. */
export const adminCatalogImport = new Hono<AdminEnv>()
  .get('/admin/catalog/import', ...editPrices, (c) => uploadPage(c))
  .post('/admin/catalog/import', uploadLimit, ...editPrices, ...staffForm(importForm), async (c) => {
    const { file } = c.req.valid('form');
    if (!(file instanceof File) || (file.size === 0 && !file.name)) return uploadPage(c, CSV_MSG.noFile, 400);
    if (file.size > IMPORT_MAX_BYTES) return uploadPage(c, CSV_MSG.tooLarge, 413);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = await checkImport(c.env.DB, { name: file.name, bytes }, c.var.staff.id, systemClock.now());
    if (!result.ok) return uploadPage(c, result.message, 400);
    return c.redirect(`/admin/catalog/import/${result.token}`, 303);
  })
  .get(IMPORT, ...editPrices, async (c) => {
    const report = await checkedImport(c.env.DB, c.req.param('token'));
    if (!report) return renderNotice(c, 404, 'Not found', NOT_FOUND);
    return renderAdmin(c, {
      title: `Import ${report.fileName}`,
      body: <CatalogImportReport report={report} csrf={c.var.csrf} />,
    });
  })
  .post(`${IMPORT}/apply`, ...editPrices, ...staffForm(staffFormBase), async (c) => {
    const token = c.req.param('token');
    const report = await checkedImport(c.env.DB, token);
    if (!report) return renderNotice(c, 404, 'Not found', NOT_FOUND);
    return streamApply(c, token, `Applying ${report.fileName}`);
  })
  .get('/admin/catalog/export.csv', ...editPrices, (c) => {
    const day = new Date(systemClock.now()).toISOString().slice(0, 10);
    return c.body(exportCsv(c.env.DB), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="prices-and-stock-${day}.csv"`,
    });
  });
