/**
 * The only place the worker loads React's server renderer: it is evaluated between these two
 * imports, so it is built with the chunk encoder (react-chunks.ts) while the rest of the worker
 * keeps the platform's TextEncoder. Import renderToReadableStream and renderToString from here,
 * never from react-dom/server.edge directly (a test guards this).
 */
import './react-chunks.ts';
export { renderToReadableStream, renderToString } from 'react-dom/server.edge';
import './react-chunks-end.ts';
