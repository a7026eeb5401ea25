import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { marketOrigin, marketOriginList, marketOrigins } from '../../worker/platform/origin.ts';

const configured = { US_ORIGIN: 'https://www.shop.example', CA_ORIGIN: 'https://ca.shop.example' };

describe("a market's web origin", () => {
  it("is the deployment's configured origin of that market", () => {
    expect(marketOrigin(configured, 'us')).toBe('https://www.shop.example');
    expect(marketOrigin(configured, 'ca')).toBe('https://ca.shop.example');
    expect(marketOrigin(env, 'ca')).toBe(env.CA_ORIGIN);
  });

  it('takes any stored market but Canada as the US site, as host names do', () => {
    expect(marketOrigin(configured, 'mars')).toBe('https://www.shop.example');
    expect(marketOrigin(configured, '')).toBe('https://www.shop.example');
  });

  it('lists every market once, by market and in the markets order', () => {
    expect(marketOrigins(configured)).toEqual({ us: 'https://www.shop.example', ca: 'https://ca.shop.example' });
    expect(marketOriginList(configured)).toEqual(['https://www.shop.example', 'https://ca.shop.example']);
  });
});
