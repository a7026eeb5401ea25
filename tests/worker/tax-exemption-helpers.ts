import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { exemptionDay } from '../../shared/tax-exemptions.ts';
import { bearer, freshIp, member } from './account-helpers.ts';
import { postForm, staffSession } from './admin-helpers.ts';
import { US_HOST, shop } from './helpers.ts';

/** A one-page PDF as a scanner writes one (only its first bytes matter to the shop). */
export const PDF = new TextEncoder().encode(
  '%PDF-1.7\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
);
/** The first bytes of a PNG photo of a certificate. */
export const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
]);
/** A page that claims to be a PDF. */
export const HTML_AS_PDF = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');

export const PAGE = '/myAccount/taxExemption';

export interface CertificateForm {
  kind?: string;
  number?: string;
  regions?: string[];
  file?: { bytes: Uint8Array; name: string; type: string } | null;
}

/** Posts the member's upload form as a browser does (multipart), signed in by their token. */
export function sendCertificate(token: string | null, form: CertificateForm, host = US_HOST) {
  const body = new FormData();
  body.set('kind', form.kind ?? 'RESALE');
  body.set('number', form.number ?? `RC-${crypto.randomUUID().slice(0, 8)}`);
  for (const region of form.regions ?? ['US-OH']) body.append('regions', region);
  const file = form.file === undefined ? { bytes: PDF, name: 'resale.pdf', type: 'application/pdf' } : form.file;
  if (file) body.set('certificate', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
  const headers: Record<string, string> = { 'cf-connecting-ip': freshIp(), ...(token ? bearer(token) : {}) };
  return shop(`${host}${PAGE}`, { method: 'POST', body, headers, redirect: 'manual' });
}

/** A new member: their token and account id. */
export async function exemptMember(prefix = 'fleet') {
  const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const token = await member(email);
  const row = await env.DB.prepare(`SELECT id FROM account WHERE email = ?`).bind(email).first<{ id: number }>();
  return { token, email, accountId: row!.id };
}

export interface CertificateRow {
  id: number;
  status: string;
  objectKey: string;
  contentType: string;
  expiresOn: string | null;
  reason: string | null;
  number: string;
}

/** The member's certificates as stored, newest first. */
export async function certificatesOf(accountId: number): Promise<CertificateRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, status, object_key AS objectKey, content_type AS contentType, expires_on AS expiresOn, reason, number
     FROM tax_exemption WHERE account_id = ? ORDER BY id DESC`,
  )
    .bind(accountId)
    .all<CertificateRow>();
  return results;
}

/** Sends a certificate and answers its row. */
export async function sentCertificate(token: string, accountId: number, form: CertificateForm = {}, host = US_HOST) {
  const response = await sendCertificate(token, form, host);
  expect(response.status, await response.clone().text()).toBe(303);
  return (await certificatesOf(accountId))[0]!;
}

/**
 * A day from today as certificates write their dates, today being the day in the region (Ohio's
 * unless told): a certificate's expiry is judged on the ship-to region's calendar.
 */
export const dayFromNow = (days: number, region = 'US-OH') =>
  new Date(Date.parse(exemptionDay(region, Date.now())) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A support agent's console session. A new one each time: storage is a test file's own, while a
 * module's state may outlive the file, so a session kept here could name a staff row another file made.
 */
export const supportAgent = () => staffSession('support');

/** Staff approve the certificate for these regions until `expiresOn`. */
export async function approve(id: number, regions: string[], expiresOn = dayFromNow(365)) {
  const agent = await supportAgent();
  const body = new URLSearchParams({ _csrf: agent.csrf, expiresOn });
  for (const region of regions) body.append('regions', region);
  return shop(`${US_HOST}/admin/tax-exemptions/${id}/approve`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...agent.headers },
    body,
  });
}

/** Staff reject the certificate with a reason. */
export async function reject(id: number, reason: string, session?: Awaited<ReturnType<typeof staffSession>>) {
  const agent = session ?? (await supportAgent());
  return postForm(`/admin/tax-exemptions/${id}/reject`, { _csrf: agent.csrf, reason }, agent.headers);
}

/** A member with an approved certificate for these regions (sent and approved through the app). */
export async function approvedMember(regions: string[], host = US_HOST, expiresOn = dayFromNow(365)) {
  const buyer = await exemptMember();
  const certificate = await sentCertificate(buyer.token, buyer.accountId, { regions }, host);
  const approved = await approve(certificate.id, regions, expiresOn);
  expect(approved.status, await approved.clone().text()).toBe(303);
  return { ...buyer, certificate };
}
