import { gzipSync } from 'node:zlib';
const origin = 'http://us.shop.localhost:8812';
for (const path of ['/product/autohaven-pro-canvas-work-seat-covers-ahp-sea000721', '/product/autohaven-pro-canvas-work-seat-covers-ahp-sea000721?sku=825']) {
  const html = await (await fetch(origin + path)).text();
  const sources = new Set([...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1]));
  let gzip = 0;
  for (const src of sources) gzip += gzipSync(Buffer.from(await (await fetch(origin + src)).arrayBuffer())).length;
  console.log(path, sources.size, (gzip / 1024).toFixed(1), 'KB gz');
}
