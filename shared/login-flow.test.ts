import { describe, expect, it } from 'vitest';
import { loginDestination, loginUrlFor } from './login-flow.ts';

const at = (query: string) => loginDestination(new URLSearchParams(query));

describe('where a member lands after sign-in (§4 Login)', () => {
  it('returns to callBackPath with its queryStr restored', () => {
    expect(at('callBackPath=/shopCart&queryStr={"coupon":"SAVE10","page":2}')).toBe('/shopCart?coupon=SAVE10&page=2');
    expect(at('callBackPath=/product/brake-pads')).toBe('/product/brake-pads');
  });

  it('URL-decodes sid and nid on return', () => {
    expect(
      at(
        `callBackPath=/search&queryStr=${encodeURIComponent(
          JSON.stringify({ sid: 'a%2Fb%20c', nid: '42%3D', q: 'x%2F' }),
        )}`,
      ),
    ).toBe('/search?sid=a%2Fb+c&nid=42%3D&q=x%252F');
  });

  it('goes to /myAccount for a blocked fragment, another site, or no callback', () => {
    expect(at('callBackPath=/login')).toBe('/myAccount');
    expect(at('callBackPath=/checkout/orderResult?x=1')).toBe('/myAccount');
    expect(at('callBackPath=//evil.example.com/')).toBe('/myAccount');
    expect(at('callBackPath=https://evil.example.com/')).toBe('/myAccount');
    expect(at('')).toBe('/myAccount');
  });

  it('ignores a malformed queryStr but keeps the path', () => {
    expect(at('callBackPath=/shopCart&queryStr={oops')).toBe('/shopCart');
    expect(at('callBackPath=/shopCart&queryStr=[1,2]')).toBe('/shopCart');
  });

  it('builds the login address that brings the member back', () => {
    const url = loginUrlFor('/myAccount', new URLSearchParams('type=member'));
    expect(at(url.split('?')[1]!)).toBe('/myAccount?type=member');
  });
});
