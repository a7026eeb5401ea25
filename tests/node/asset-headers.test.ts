import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { assetHeadersFile } from '../../scripts/lib/asset-headers.ts';

/**
 * Issue 35, finding 10: the files Cloudflare serves before the Worker runs carry the same protections as the
 * Worker's answers. The `_headers` file is read as Cloudflare does: every rule whose pattern matches a path adds
 * its headers.
 */
function headersFor(file: string, path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let matches = false;
  for (const line of file.split('\n')) {
    if (!line.trim()) continue;
    if (!line.startsWith(' ')) {
      const pattern = new RegExp(
        `^${line
          .trim()
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')}$`,
      );
      matches = pattern.test(path);
    } else if (matches) {
      const [name, ...value] = line.trim().split(':');
      headers[name!.toLowerCase()] = value.join(':').trim();
    }
  }
  return headers;
}

const PATHS = ['/assets/entry-ABCDEFGH.js', '/assets/app-ABCDEFGH.css', '/static/parts/placeholder.svg'];

describe('the static files’ headers', () => {
  for (const [source, read] of [
    ['the build’s rules', async () => assetHeadersFile()],
    ['the built _headers file', () => readFile('dist/client/_headers', 'utf8')],
  ] as const)
    it(`${source}: nosniff, no framing by other sites, HTTPS pinned, nothing run from an SVG`, async () => {
      const file = await read();
      for (const path of PATHS) {
        const headers = headersFor(file, path);
        expect(headers['x-content-type-options'], path).toBe('nosniff');
        expect(headers['x-frame-options'], path).toBe('SAMEORIGIN');
        expect(headers['content-security-policy'], path).toContain("frame-ancestors 'self'");
        expect(headers['content-security-policy'], path).toContain("default-src 'none'");
        expect(headers['strict-transport-security'], path).toMatch(/^max-age=31536000/);
        expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      }
      expect(headersFor(file, PATHS[0]!)['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(headersFor(file, PATHS[2]!)['cache-control']).toBe('public, max-age=86400');
    });
});
