import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app.ts';
import type { Bindings } from '../../worker/env.ts';
import { US_HOST, shop } from './helpers.ts';

const executionContext = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

describe('the design system page /dev/styleguide', () => {
  it('shows every component in the shop shell while developing', async () => {
    const response = await shop(`${US_HOST}/dev/styleguide`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toMatch(/<link[^>]+rel="stylesheet"/);
    for (const part of [
      'colour',
      'type',
      'space',
      'buttons',
      'fields',
      'stepper',
      'badges',
      'notices',
      'cards',
      'drawer',
    ])
      expect(html, part).toContain(`data-styleguide="${part}"`);
    // The §4 fit colours, each as a card's badge.
    for (const colour of ['green', 'red', 'grey', 'orange']) expect(html).toContain(`card-fit--${colour}`);
  });

  it('is not there in production (404)', async () => {
    const production: Partial<Bindings> = { ...env, DEV_TOOLS: undefined };
    const response = await createApp().request(
      'https://www.autohaven.com/dev/styleguide',
      {},
      production,
      executionContext,
    );
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('data-styleguide');
  });
});
