import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { EXEMPTION_LIMITS, EXEMPTION_MSG } from '../../shared/tax-exemptions.ts';
import { approveCertificate, rejectCertificate } from '../../worker/tax/staff.ts';
import { bearer, freshIp } from './account-helpers.ts';
import { postForm, staffSession } from './admin-helpers.ts';
import { shop, US_HOST } from './helpers.ts';
import {
  approve,
  certificatesOf,
  dayFromNow,
  exemptMember,
  HTML_AS_PDF,
  PAGE,
  PDF,
  PNG,
  reject,
  sendCertificate,
  sentCertificate,
} from './tax-exemption-helpers.ts';

/** The page as the browser shows it (React's text separators dropped). */
const pageOf = async (token: string) =>
  (await (await shop(`${US_HOST}${PAGE}`, { headers: { ...bearer(token), 'cf-connecting-ip': freshIp() } })).text())
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'");

const auditOf = (id: number) =>
  env.DB.prepare(
    `SELECT action, staff_email AS staffEmail, before_json AS beforeJson, after_json AS afterJson FROM audit_log
     WHERE record_type = 'tax_exemption' AND record_id = ? ORDER BY id`,
  )
    .bind(String(id))
    .all<{ action: string; staffEmail: string; beforeJson: string; afterJson: string }>()
    .then((rows) => rows.results);

describe("a member's certificate upload", () => {
  it('keeps a PDF in R2 under a random key, waiting for review, and lists it on their page', async () => {
    const buyer = await exemptMember();
    const response = await sendCertificate(buyer.token, { number: 'OH-RESALE-991', regions: ['US-OH', 'US-TX'] });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${PAGE}?sent=1`);
    const [row] = await certificatesOf(buyer.accountId);
    expect(row).toMatchObject({ status: 'PENDING', contentType: 'application/pdf', number: 'OH-RESALE-991' });
    expect(row!.objectKey).toMatch(/^tax-exemptions\/[0-9a-f]{32}$/);
    const stored = await env.MEDIA.get(row!.objectKey);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PDF);
    const html = await pageOf(buyer.token);
    expect(html).toContain('Resale certificate OH-RESALE-991');
    expect(html).toContain('Covers: Ohio, Texas');
    expect(html).toContain('Waiting for review');
    expect(html).not.toContain(row!.objectKey);
  });

  it('takes a PNG photo of the certificate, its type read from its bytes', async () => {
    const buyer = await exemptMember();
    const row = await sentCertificate(buyer.token, buyer.accountId, {
      file: { bytes: PNG, name: 'photo', type: 'application/octet-stream' },
    });
    expect(row.contentType).toBe('image/png');
  });

  it('refuses a file that is no PDF, JPEG or PNG by its bytes, whatever its name and type claim', async () => {
    const buyer = await exemptMember();
    const response = await sendCertificate(buyer.token, {
      file: { bytes: HTML_AS_PDF, name: 'certificate.pdf', type: 'application/pdf' },
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain(EXEMPTION_MSG.fileType);
    expect(await certificatesOf(buyer.accountId)).toEqual([]);
    const listed = (await env.MEDIA.list({ prefix: 'tax-exemptions/', include: ['customMetadata'] })).objects;
    expect(listed.filter((object) => object.customMetadata?.accountId === String(buyer.accountId))).toEqual([]);
  });

  it('refuses a file over 10 MB, and a form without its number, states or file, each with its message', async () => {
    const buyer = await exemptMember();
    const big = new Uint8Array(EXEMPTION_LIMITS.maxBytes + 1);
    big.set(PDF);
    const tooBig = await sendCertificate(buyer.token, {
      file: { bytes: big, name: 'big.pdf', type: 'application/pdf' },
    });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.text()).toContain(EXEMPTION_MSG.fileTooLarge.replace(/'/g, '&#x27;'));
    const empty = await sendCertificate(buyer.token, { number: '  ', regions: [], file: null });
    expect(empty.status).toBe(400);
    const html = (await empty.text()).replace(/&#x27;/g, "'");
    for (const message of [EXEMPTION_MSG.number, EXEMPTION_MSG.regions('us'), EXEMPTION_MSG.fileMissing])
      expect(html).toContain(message);
    const unknown = await sendCertificate(buyer.token, { regions: ['US-OH', 'US-XX'] });
    expect(unknown.status).toBe(400);
    expect(await certificatesOf(buyer.accountId)).toEqual([]);
  });

  it('holds a member to 5 certificates waiting for review inside the insert, however many arrive at once', async () => {
    const buyer = await exemptMember();
    const sent = await Promise.all(Array.from({ length: 7 }, () => sendCertificate(buyer.token, {})));
    const statuses = sent.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 303)).toHaveLength(EXEMPTION_LIMITS.pendingPerMember);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const rows = await certificatesOf(buyer.accountId);
    expect(rows).toHaveLength(EXEMPTION_LIMITS.pendingPerMember);
    // The refused files were taken out of R2 again: only the stored certificates' objects remain.
    const keys = new Set(rows.map((row) => row.objectKey));
    for (const response of sent.filter((one) => one.status === 429))
      expect(await response.text()).toContain(EXEMPTION_MSG.tooManyPending);
    const listed = (await env.MEDIA.list({ prefix: 'tax-exemptions/', include: ['customMetadata'] })).objects;
    const theirs = listed.filter((object) => object.customMetadata?.accountId === String(buyer.accountId));
    expect(new Set(theirs.map((object) => object.key))).toEqual(keys);
  });

  it('sends a visitor to sign in, from the page and from the form', async () => {
    const page = await shop(`${US_HOST}${PAGE}`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toContain('/login');
    const posted = await sendCertificate(null, {});
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toContain('/login');
  });
});

describe("a certificate's file", () => {
  it('opens for its member and for staff who handle customers, never for another member or a visitor', async () => {
    const owner = await exemptMember('owner');
    const other = await exemptMember('other');
    const certificate = await sentCertificate(owner.token, owner.accountId);
    const path = `${US_HOST}${PAGE}/${certificate.id}/file`;
    const mine = await shop(path, { headers: bearer(owner.token) });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('content-disposition')).toBe(`attachment; filename="certificate-${certificate.id}.pdf"`);
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(PDF);
    const theirs = await shop(path, { headers: bearer(other.token) });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain('%PDF');
    const visitor = await shop(path, { redirect: 'manual' });
    expect(visitor.status).toBe(302);
    const staffPath = `${US_HOST}/admin/tax-exemptions/${certificate.id}/file`;
    const support = await staffSession('support');
    expect((await shop(staffPath, { headers: support.headers })).status).toBe(200);
    const fulfilment = await staffSession('fulfilment');
    expect((await shop(staffPath, { headers: fulfilment.headers })).status).toBe(403);
    // R2 itself is never public: the shop's public media path refuses the folder, and the key is nowhere shown.
    const media = await shop(`${US_HOST}/media/${certificate.objectKey}`);
    expect(media.status).toBe(404);
    expect(await media.text()).not.toContain('%PDF');
    const staffPage = await (await shop(`${US_HOST}/admin/tax-exemptions/${certificate.id}`, support)).text();
    expect(staffPage).not.toContain(certificate.objectKey);
  });
});

describe('the staff review', () => {
  it('approves a certificate with its states and expiry, audited, and the member reads that it applies', async () => {
    const buyer = await exemptMember();
    const certificate = await sentCertificate(buyer.token, buyer.accountId, { regions: ['US-OH', 'US-TX'] });
    const support = await staffSession('support');
    const queue = await (await shop(`${US_HOST}/admin/tax-exemptions`, { headers: support.headers })).text();
    expect(queue).toContain(`/admin/tax-exemptions/${certificate.id}`);
    const expiresOn = dayFromNow(400);
    const body = new URLSearchParams({ _csrf: support.csrf, expiresOn });
    body.append('regions', 'US-OH');
    const approved = await shop(`${US_HOST}/admin/tax-exemptions/${certificate.id}/approve`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...support.headers },
      body,
    });
    expect(approved.status).toBe(303);
    const [row] = await certificatesOf(buyer.accountId);
    expect(row).toMatchObject({ status: 'APPROVED', expiresOn });
    const regions = await env.DB.prepare(`SELECT region FROM tax_exemption_region WHERE certificate_id = ?`)
      .bind(certificate.id)
      .all<{ region: string }>();
    expect(regions.results.map((one) => one.region)).toEqual(['US-OH']);
    const [entry] = await auditOf(certificate.id);
    expect(entry!.action).toBe('taxExemptions.approve');
    expect(entry!.staffEmail).toBe(support.staff.email);
    expect(JSON.parse(entry!.beforeJson)).toMatchObject({ status: 'PENDING', regions: [] });
    expect(JSON.parse(entry!.afterJson)).toEqual({ status: 'APPROVED', regions: ['US-OH'], expiresOn, reason: null });
    const html = await pageOf(buyer.token);
    expect(html).toContain('Covers: Ohio');
    expect(html).toContain(`Applies to orders shipped there until ${expiresOn}.`);
  });

  it('rejects a certificate with the reason the member reads, audited', async () => {
    const buyer = await exemptMember();
    const certificate = await sentCertificate(buyer.token, buyer.accountId);
    const rejected = await reject(certificate.id, 'The certificate is not signed.');
    expect(rejected.status).toBe(303);
    expect((await certificatesOf(buyer.accountId))[0]).toMatchObject({
      status: 'REJECTED',
      reason: 'The certificate is not signed.',
    });
    expect((await auditOf(certificate.id)).map((entry) => entry.action)).toEqual(['taxExemptions.reject']);
    expect(await pageOf(buyer.token)).toContain('Not accepted: The certificate is not signed.');
  });

  it('refuses an approval without a state or with a past expiry, and a rejection without a reason', async () => {
    const buyer = await exemptMember();
    const certificate = await sentCertificate(buyer.token, buyer.accountId);
    const noState = await approve(certificate.id, []);
    expect(noState.status).toBe(400);
    expect(await noState.text()).toContain(EXEMPTION_MSG.approveRegions);
    const past = await approve(certificate.id, ['US-OH'], dayFromNow(-1));
    expect(past.status).toBe(400);
    expect(await past.text()).toContain(EXEMPTION_MSG.expiry);
    const foreign = await approve(certificate.id, ['CA-BC']);
    expect(foreign.status).toBe(400);
    const noReason = await reject(certificate.id, '   ');
    expect(noReason.status).toBe(400);
    expect((await certificatesOf(buyer.accountId))[0]!.status).toBe('PENDING');
    expect(await auditOf(certificate.id)).toEqual([]);
  });

  it('lets one of two staff deciding at once win; the other is told who decided first', async () => {
    const buyer = await exemptMember();
    const certificate = await sentCertificate(buyer.token, buyer.accountId);
    const owner = await staffSession('owner');
    const support = await staffSession('support');
    const body = new URLSearchParams({ _csrf: owner.csrf, expiresOn: dayFromNow(30), regions: 'US-OH' });
    const [approved, rejected] = await Promise.all([
      shop(`${US_HOST}/admin/tax-exemptions/${certificate.id}/approve`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...owner.headers },
        body,
      }),
      reject(certificate.id, 'Expired certificate.', support),
    ]);
    const answers = [approved, rejected];
    expect(answers.map((response) => response.status).sort()).toEqual([303, 409]);
    const [row] = await certificatesOf(buyer.accountId);
    const winner = row!.status === 'APPROVED' ? owner : support;
    const loser = answers.find((response) => response.status === 409)!;
    const said = (await loser.text()).replace(/&#x27;/g, "'");
    expect(said).toContain(
      EXEMPTION_MSG.decided(row!.status === 'APPROVED' ? 'Approved' : 'Rejected', winner.staff.email),
    );
    expect((await auditOf(certificate.id)).map((entry) => entry.staffEmail)).toEqual([winner.staff.email]);
    const regions = await env.DB.prepare(`SELECT count(*) AS n FROM tax_exemption_region WHERE certificate_id = ?`)
      .bind(certificate.id)
      .first<{ n: number }>();
    expect(regions!.n).toBe(row!.status === 'APPROVED' ? 1 : 0);
  });

  it('holds in the batch when both decisions read it waiting: the second writes nothing', async () => {
    const buyer = await exemptMember();
    const certificate = await sentCertificate(buyer.token, buyer.accountId);
    const owner = await staffSession('owner');
    const support = await staffSession('support');
    const actor = (staff: { id: number; email: string }, action: string) => ({
      staffId: staff.id,
      audit: (change: { before: unknown; after: unknown }) => ({
        staffId: staff.id,
        staffEmail: staff.email,
        action,
        recordType: 'tax_exemption',
        recordId: String(certificate.id),
        ...change,
      }),
    });
    const now = Date.now();
    // Called together, both read the certificate as PENDING before either batch runs.
    const results = await Promise.all([
      approveCertificate(
        env.DB,
        certificate.id,
        { regions: ['US-OH'], expiresOn: dayFromNow(30) },
        actor(owner.staff, 'taxExemptions.approve'),
        now,
      ),
      rejectCertificate(env.DB, certificate.id, 'Unsigned.', actor(support.staff, 'taxExemptions.reject'), now),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const lost = results.find((result) => !result.ok);
    expect(lost).toMatchObject({ ok: false, status: 409 });
    const [row] = await certificatesOf(buyer.accountId);
    expect(await auditOf(certificate.id)).toHaveLength(1);
    const regions = await env.DB.prepare(`SELECT count(*) AS n FROM tax_exemption_region WHERE certificate_id = ?`)
      .bind(certificate.id)
      .first<{ n: number }>();
    expect(regions!.n).toBe(row!.status === 'APPROVED' ? 1 : 0);
    expect(row!.reason).toBe(row!.status === 'REJECTED' ? 'Unsigned.' : null);
  });

  it('is for staff who look after customers, and its forms need the CSRF value', async () => {
    const buyer = await exemptMember();
    const certificate = await sentCertificate(buyer.token, buyer.accountId);
    for (const role of ['fulfilment', 'merchandiser'] as const) {
      const session = await staffSession(role);
      expect((await shop(`${US_HOST}/admin/tax-exemptions`, { headers: session.headers })).status).toBe(403);
      const posted = await postForm(
        `/admin/tax-exemptions/${certificate.id}/reject`,
        { _csrf: session.csrf, reason: 'No.' },
        session.headers,
      );
      expect(posted.status).toBe(403);
    }
    const support = await staffSession('support');
    const forged = await postForm(`/admin/tax-exemptions/${certificate.id}/reject`, { reason: 'No.' }, support.headers);
    expect(forged.status).toBe(403);
    expect((await certificatesOf(buyer.accountId))[0]!.status).toBe('PENDING');
  });
});
