import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { webOrigin, webOriginList, webOrigins } from '../../worker/platform/origins.ts';

const configured = { US_ORIGIN: 'https://www.shop.example', CA_ORIGIN: 'https://ca.shop.example' };

describe("a market's web origin", () => {
  it("is the deployment's configured origin of that market", () => {
    expect(webOrigin(configured, 'us')).toBe('https://www.shop.example');
    expect(webOrigin(configured, 'ca')).toBe('https://ca.shop.example');
    expect(webOrigin(env, 'ca')).toBe(env.CA_ORIGIN);
  });

  it('takes any stored market but Canada as the US site, as host names do', () => {
    expect(webOrigin(configured, 'mars')).toBe('https://www.shop.example');
    expect(webOrigin(configured, '')).toBe('https://www.shop.example');
  });

  it('lists every market once, by market and in the markets order', () => {
    expect(webOrigins(configured)).toEqual({ us: 'https://www.shop.example', ca: 'https://ca.shop.example' });
    expect(webOriginList(configured)).toEqual(['https://www.shop.example', 'https://ca.shop.example']);
  });
});
