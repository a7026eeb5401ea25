import { describe, expect, it } from 'vitest';
import { mimeMessage, cloudflareEmailSender } from '../../worker/platform/email.ts';
import { US_HOST, api } from './helpers.ts';

describe('tracking events', () => {
  it('accepts a well-formed event and rejects malformed ones with a clear message', async () => {
    const accepted = await api<{ accepted: boolean }>(`${US_HOST}/data-service/public/event/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event: 'add_vehicle',
        data: { vehicle: '2015 Honda Civic' },
        page_url: `${US_HOST}/parts`,
        referrer: '',
        ts: Date.now(),
      }),
    });
    expect(accepted.body).toMatchObject({ success: true, data: { accepted: true } });
    for (const body of [{}, { event: '<script>' }, { event: 'x', data: { big: 'y'.repeat(9000) } }, 'not json']) {
      const rejected = await api(`${US_HOST}/data-service/public/event/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(rejected.status, JSON.stringify(body)).toBe(400);
      expect(rejected.body.msg.length).toBeGreaterThan(0);
    }
  });
});

describe('the production email adapter', () => {
  it('builds a multipart message with both bodies and hands it to the email binding', async () => {
    const message = {
      to: 'ana@example.com',
      subject: 'Confirm your email for AutoHaven',
      text: 'Hello ✓',
      html: '<p>Hello ✓</p>',
      kind: 'verify-email' as const,
    };
    const raw = mimeMessage('shop@autohaven.com', message, 'BOUNDARY');
    expect(raw).toContain('From: shop@autohaven.com\r\nTo: ana@example.com\r\n');
    expect(raw).toContain('Content-Type: multipart/alternative; boundary="BOUNDARY"');
    expect(raw).toContain(btoa(String.fromCharCode(...new TextEncoder().encode('Hello ✓'))));
    const sent: unknown[] = [];
    await cloudflareEmailSender(
      {
        send: async (m) => {
          sent.push(m);
        },
      },
      'shop@autohaven.com',
      (rawMime, to) => ({ rawMime, to }),
    ).send(message);
    expect(sent).toHaveLength(1);
    expect((sent[0] as { to: string }).to).toBe('ana@example.com');
  });
});
