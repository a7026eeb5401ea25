import { Hono } from 'hono';
import { MARKET_IDS } from '../../shared/markets.ts';
import { systemClock } from '../platform/clock.ts';
import {
  changeRegistration,
  type CurrentRegistrations,
  filingCsv,
  filingReport,
  nexusReport,
  readFilingFilter,
  type RegistrationChange,
  registrationNotice,
  registrationRows,
  registrationShown,
  currentRegistrations,
} from '../tax/staff.ts';
import { field, staffForm, staffFormBase, trimmed } from './form.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin } from './render.tsx';
import { auditedBy } from './service.ts';
import { TaxFilingPage } from './views/TaxFilingPage.tsx';
import { TaxNexusPage } from './views/TaxNexusPage.tsx';
import { type RefusedChange, TaxRegistrationsPage } from './views/TaxRegistrationsPage.tsx';

/**
 * The back office's sales-tax pages (issue 39), for owners: where the shop is registered to collect
 * (each change audited in its own batch), the economic-nexus report, and the filing report with its CSV.
 */

const registrations = [staffSession, requirePermission('tax.registrations')] as const;
const reports = [staffSession, requirePermission('tax.reports')] as const;

/** One registration saved or removed (`op`, the button pressed), over what the page showed of it. */
const registrationForm = staffFormBase.extend({
  op: trimmed(10),
  market: trimmed(10),
  key: trimmed(20),
  number: field(200),
  since: trimmed(20),
  shown: field(200),
});

const TITLE = 'Sales tax registrations';

function registrationsPage(
  c: AdminContext,
  current: CurrentRegistrations,
  extra: { notice?: string | null; refused?: RefusedChange | null; status?: number },
) {
  const markets = MARKET_IDS.map((market) => ({
    market,
    rows: registrationRows(market, current.registrations).map((row) => ({
      ...row,
      shown: registrationShown(row.registration ?? undefined),
    })),
  }));
  const body = (
    <TaxRegistrationsPage
      csrf={c.var.csrf}
      markets={markets}
      today={new Date(systemClock.now()).toISOString().slice(0, 10)}
      notice={extra.notice ?? null}
      refused={extra.refused ?? null}
    />
  );
  return renderAdmin(c, { title: TITLE, body, ...(extra.status && { status: extra.status }) });
}

const csvName = (filter: { market: string; from: string; to: string }) =>
  `sales-tax-${filter.market}-${filter.from}-to-${filter.to}.csv`;

export const adminTax = new Hono<AdminEnv>()
  .get('/admin/tax', ...reports, (c) => c.redirect('/admin/tax/registrations', 302))
  .get('/admin/tax/registrations', ...registrations, async (c) => {
    const current = await currentRegistrations(c.env.DB, c.env.SETTINGS);
    const notice = registrationNotice(c.req.query('done'), c.req.query('market'), c.req.query('key'));
    return registrationsPage(c, current, { notice });
  })
  .post('/admin/tax/registrations', ...registrations, ...staffForm(registrationForm), async (c) => {
    const form = c.req.valid('form');
    const change: RegistrationChange = {
      op: form.op === 'remove' ? 'remove' : 'save',
      market: form.market,
      key: form.key,
      number: form.number,
      since: form.since,
      shown: form.shown,
    };
    const recordId = `${form.market}:${form.key}`.slice(0, 40);
    const audit = auditedBy(c.var.staff, { action: 'tax.registrations', recordType: 'tax_registration', recordId });
    const deps = { db: c.env.DB, kv: c.env.SETTINGS, now: systemClock.now(), staffId: c.var.staff.id };
    const result = await changeRegistration(deps, change, audit);
    if (result.ok) {
      const query = new URLSearchParams({ done: result.done, market: result.market, key: result.key });
      return c.redirect(`/admin/tax/registrations?${query}`, 303);
    }
    const current = result.current ?? (await currentRegistrations(c.env.DB, c.env.SETTINGS));
    const status = result.current ? 409 : 400;
    return registrationsPage(c, current, { refused: { change, errors: result.errors }, status });
  })
  .get('/admin/tax/nexus', ...reports, async (c) => {
    const now = systemClock.now();
    const current = await currentRegistrations(c.env.DB, c.env.SETTINGS);
    const all = await Promise.all(
      MARKET_IDS.map((market) => nexusReport(c.env.DB, market, current.registrations, now)),
    );
    return renderAdmin(c, { title: 'Economic nexus', body: <TaxNexusPage reports={all} /> });
  })
  .get('/admin/tax/filing', ...reports, async (c) => {
    const read = readFilingFilter(c.req.query(), systemClock.now());
    if (!read.ok) {
      const body = <TaxFilingPage report={null} asked={read.asked} error={read.error} />;
      return renderAdmin(c, { title: 'Filing report', status: 400, body });
    }
    const report = await filingReport(c.env.DB, read.filter);
    const body = <TaxFilingPage report={report} asked={read.filter} error={null} />;
    return renderAdmin(c, { title: 'Filing report', body });
  })
  .get('/admin/tax/filing.csv', ...reports, async (c) => {
    const read = readFilingFilter(c.req.query(), systemClock.now());
    if (!read.ok) return c.text(read.error, 400, { 'cache-control': 'no-store' });
    const report = await filingReport(c.env.DB, read.filter);
    return c.body(filingCsv(report), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${csvName(read.filter)}"`,
      'cache-control': 'no-store',
    });
  });
