import { describe, expect, it } from 'vitest';
import { composeEmail, layoutEmail } from '../../worker/platform/email-layout.ts';
import { escapeHtml } from '../../worker/platform/html.ts';

const HOSTILE = `<script>alert("x")</script> & it's`;

describe('escaping for HTML', () => {
  it('writes & < > " and \' as numeric references and leaves everything else', () => {
    expect(escapeHtml(HOSTILE)).toBe('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; it&#39;s');
    expect(escapeHtml('Brake pads, 2 x $49.99 — CA$')).toBe('Brake pads, 2 x $49.99 — CA$');
  });
});

describe('the email layout', () => {
  it('puts paragraphs, then the table, then the links, in both parts', () => {
    const email = composeEmail('order-confirmation', 'a@example.com', 'Subject', {
      paragraphs: ['First', 'Second'],
      table: [
        [{ cells: [{ text: '1 x Pads' }, { text: '$5.00', align: 'right' }], text: '1 x Pads: $5.00' }],
        [
          {
            cells: [
              { text: 'Total', span: 2, bold: true },
              { text: '$5.00', align: 'right', bold: true },
            ],
            text: 'Total: $5.00',
          },
        ],
      ],
      links: [{ label: 'Track your order', url: 'https://shop.example/t?a=1&b=2', printed: true }],
    });
    expect(email.text).toBe(
      'First\nSecond\n\n1 x Pads: $5.00\n\nTotal: $5.00\n\nTrack your order: https://shop.example/t?a=1&b=2',
    );
    const order = ['<p>First</p><p>Second</p>', '<table', '1 x Pads', 'Total', '</table>', 'Track your order</a>'];
    const at = order.map((part) => email.html.indexOf(part));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(email.html).toContain(
      '<td colspan="2" style="padding:6px 8px;border-bottom:1px solid #e5e7eb;font-weight:700">',
    );
    expect(email.html).toContain(';text-align:right;font-weight:700">$5.00</td>');
    expect(email).toMatchObject({ kind: 'order-confirmation', to: 'a@example.com', subject: 'Subject' });
  });

  it('escapes every text it is given in the HTML part, and none in the text part', () => {
    const email = composeEmail('ticket-received', 'a@example.com', HOSTILE, {
      paragraphs: [HOSTILE],
      table: [[{ cells: [{ text: HOSTILE }], text: HOSTILE }]],
      links: [{ label: HOSTILE, url: `https://x.example/?q=${HOSTILE}`, printed: true }],
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toMatch(/href="[^"]*"x"/);
    expect(email.html.match(/&#60;script&#62;/g)).toHaveLength(5);
    expect(email.text.split('\n')).toEqual([HOSTILE, '', HOSTILE, '', `${HOSTILE}: https://x.example/?q=${HOSTILE}`]);
    expect(email.subject).toBe(HOSTILE);
  });

  it('prints a link’s address beneath its button only where the link asks for it', () => {
    const links = [
      { label: 'Track with UPS', url: 'https://ups.example/1Z' },
      { label: 'View your order', url: 'https://shop.example/o', printed: true },
    ];
    const { html, text } = composeEmail('order-shipped', 'a@example.com', 'S', { paragraphs: ['Shipped'], links });
    expect(html.match(/<a href=/g)).toHaveLength(2);
    expect(html).not.toContain('>https://ups.example/1Z</p>');
    expect(html).toContain('<p style="font-size:12px;color:#6b7280">https://shop.example/o</p>');
    expect(text).toBe('Shipped\n\nTrack with UPS: https://ups.example/1Z\nView your order: https://shop.example/o');
  });

  it('lays out a message of paragraphs and one link with its address, or paragraphs alone', () => {
    const linked = layoutEmail('verify-email', 'a@example.com', 'Verify', ['Hello'], {
      label: 'Verify',
      url: 'https://x/v',
    });
    expect(linked.text).toBe('Hello\n\nVerify: https://x/v');
    expect(linked.html).toContain('<p style="font-size:12px;color:#6b7280">https://x/v</p></body></html>');
    const bare = layoutEmail('verify-email', 'a@example.com', 'Verify', ['Hello']);
    expect(bare.text).toBe('Hello');
    expect(bare.html).toBe(
      '<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1f2937">' +
        '<p>Hello</p></body></html>',
    );
  });
});
