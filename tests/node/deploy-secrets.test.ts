import { describe, expect, it } from 'vitest';
import { DEPLOY_SECRETS, namesIn, secretsReport } from '../../scripts/lib/deploy-secrets.ts';

describe("the deploy dry run's account of the secrets", () => {
  it('names each required secret missing from the secrets file, with what it is for', () => {
    const file = [
      '# staging',
      'AUTH_SECRET=abc',
      'PASSWORD_PEPPER = def',
      'PAYMENT_WEBHOOK_SECRET=ghi',
      'CARD_PROVIDER_SECRET_KEY=sk_live_x',
      'CARD_PROVIDER_WEBHOOK_SECRET=',
      'PAYPAL_CLIENT_ID=client',
    ].join('\n');
    const report = secretsReport(DEPLOY_SECRETS, file);
    expect(report.missing).toEqual(['CARD_PROVIDER_WEBHOOK_SECRET', 'PAYPAL_CLIENT_SECRET']);
    expect(report.lines[0]).toBe('secrets required: 2 missing from the file');
    expect(report.lines).toContain(
      '  MISSING PAYPAL_CLIENT_SECRET: PayPal: PAYPAL and PAY_LATER (with PAYPAL_CLIENT_ID and PAYPAL_WEBHOOK_ID)',
    );
    expect(report.lines).toContain('  AUTH_SECRET: signs sign-in tokens and links');
    expect(report.lines).toContain(
      "  not set APPLE_PAY_DOMAIN_ASSOCIATION: Apple Pay is offered only with Apple's domain file",
    );
    expect(report.lines.some((line) => line.includes('not set PAYPAL_CLIENT_ID'))).toBe(false);
  });

  it('without a file lists what wrangler will require of the Worker, and misses nothing', () => {
    const report = secretsReport(DEPLOY_SECRETS, null);
    expect(report.missing).toEqual([]);
    expect(report.lines[0]).toMatch(/wrangler refuses the deploy until each is set/);
    expect(report.lines.filter((line) => line.includes('MISSING'))).toEqual([]);
  });

  it('reads NAME=value lines, skipping comments, blanks and empty values', () => {
    expect([...namesIn('# A=1\n\nB=2\r\nC=\n D = 4 \nlower=5')]).toEqual(['B', 'D']);
  });
});
