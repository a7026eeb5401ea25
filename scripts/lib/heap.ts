// The Worker's live JavaScript heap, read through the DevTools inspector wrangler dev serves: a
// full garbage collection, then V8's heap usage. What survives a collection is what the Worker's
// code (and the runtime's JavaScript) still holds, so a leak in our code shows here even when
// the process's resident memory is dominated by the runtime, SQLite or the allocator.
// The inspector proxy refuses Node's built-in WebSocket handshake, so this speaks the few frames
// it needs itself (RFC 6455: masked text frames out, unmasked frames in).
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Socket } from 'node:net';

/** A masked client text frame. */
export function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : Buffer.concat([Buffer.from([0x81, 0x80 | 126]), Buffer.from([length >> 8, length & 0xff])]);
  const mask = randomBytes(4);
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i++) masked[i] = payload[i]! ^ mask[i % 4]!;
  return Buffer.concat([header, mask, masked]);
}

/** Complete frames at the start of a buffer: their texts and what is left. */
export function readFrames(buffer: Buffer): { texts: string[]; rest: Buffer } {
  const texts: string[] = [];
  let at = 0;
  while (buffer.length - at >= 2) {
    let length = buffer[at + 1]! & 0x7f;
    let start = at + 2;
    if (length === 126) {
      if (buffer.length < start + 2) break;
      length = buffer.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      if (buffer.length < start + 8) break;
      length = Number(buffer.readBigUInt64BE(start));
      start += 8;
    }
    if (buffer.length < start + length) break;
    if ((buffer[at]! & 0x0f) === 1) texts.push(buffer.subarray(start, start + length).toString());
    at = start + length;
  }
  return { texts, rest: buffer.subarray(at) };
}

/** Opens the inspector's socket for the Worker. */
export async function connect(inspectorPort: number): Promise<Socket> {
  const listed = await fetch(`http://127.0.0.1:${inspectorPort}/json`, { signal: AbortSignal.timeout(5000) });
  const targets = (await listed.json()) as { webSocketDebuggerUrl?: string }[];
  const url = targets.find((target) => target.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
  if (!url) throw new Error('the inspector lists no Worker');
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const upgrade = request({
      host: hostname,
      port,
      path: pathname,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    upgrade.on('upgrade', (_response, socket) => resolve(socket));
    upgrade.on('response', (response) => reject(new Error(`the inspector answered ${response.statusCode}`)));
    upgrade.on('error', reject);
    upgrade.setTimeout(10_000, () => upgrade.destroy(new Error('the inspector did not answer')));
    upgrade.end();
  });
}

/** Sends DevTools calls one after another and answers their results. */
async function calls(socket: Socket, methods: string[]): Promise<Record<string, unknown>[]> {
  const results: Record<string, unknown>[] = [];
  let buffer = Buffer.alloc(0);
  let waiting: ((message: { id?: number; result?: Record<string, unknown> }) => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    const { texts, rest } = readFrames(Buffer.concat([buffer, chunk]));
    buffer = rest;
    for (const text of texts) waiting?.(JSON.parse(text));
  });
  for (const [index, method] of methods.entries()) {
    const id = index + 1;
    const result = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method}: no answer from the inspector`)), 15_000);
      waiting = (message) => {
        if (message.id !== id) return;
        clearTimeout(timer);
        resolve(message.result ?? {});
      };
      socket.write(frame(JSON.stringify({ id, method })));
    });
    results.push(result);
  }
  return results;
}

/**
 * Bytes of the Worker's JavaScript heap live after a full collection; null when the inspector can't say. A first
 * session to a fresh Worker is sometimes refused while the inspector attaches: one more try.
 */
let lastHeapTotal: number | null = null;

/** The V8 heap's size (used and free pages) at the last reading of liveHeapBytes: what the isolate holds. */
export const heapTotalBytes = (): number | null => lastHeapTotal;

export async function liveHeapBytes(inspectorPort: number): Promise<number | null> {
  return (await heapOnce(inspectorPort)) ?? heapOnce(inspectorPort);
}

async function heapOnce(inspectorPort: number): Promise<number | null> {
  let socket: Socket | null = null;
  try {
    socket = await connect(inspectorPort);
    const [, usage] = await calls(socket, ['HeapProfiler.collectGarbage', 'Runtime.getHeapUsage']);
    if (typeof usage?.totalSize === 'number') lastHeapTotal = usage.totalSize;
    return typeof usage?.usedSize === 'number' ? usage.usedSize : null;
  } catch {
    return null;
  } finally {
    socket?.destroy();
  }
}
