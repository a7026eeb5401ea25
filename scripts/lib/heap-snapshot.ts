// A heap snapshot of the Worker through the DevTools inspector wrangler dev serves, written to a file (open it in
// Chrome's Memory panel) and summed by constructor: where the isolate's live memory is, by what holds it.
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { connect, frame, readFrames } from './heap.ts';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Takes the snapshot into `file` (HeapProfiler.takeHeapSnapshot streams it in chunks as events). */
async function takeSnapshot(inspectorPort: number, file: string): Promise<void> {
  const socket = await connect(inspectorPort);
  const out = createWriteStream(file);
  try {
    await new Promise<void>((resolve, reject) => {
      let buffer = Buffer.alloc(0);
      const timer = setTimeout(() => reject(new Error('the heap snapshot took over 120 s')), 120_000);
      socket.on('data', (chunk: Buffer) => {
        const { texts, rest } = readFrames(Buffer.concat([buffer, chunk]));
        buffer = rest;
        for (const text of texts) {
          const message = JSON.parse(text) as { id?: number; method?: string; params?: { chunk?: string } };
          if (message.method === 'HeapProfiler.addHeapSnapshotChunk') out.write(message.params?.chunk ?? '');
          if (message.id === 1) {
            clearTimeout(timer);
            resolve();
          }
        }
      });
      socket.write(frame(JSON.stringify({ id: 1, method: 'HeapProfiler.takeHeapSnapshot', params: {} })));
    });
  } finally {
    socket.destroy();
    await new Promise((done) => out.end(done));
  }
}

/** The snapshot's nodes summed by kind and name (objects by constructor): the `top` largest by self size. */
function summarise(snapshot: Snapshot, top: number) {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const sums = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let at = 0; at < snapshot.nodes.length; at += fields.length) {
    const type = types[snapshot.nodes[at + typeAt!]!]!;
    const name = type === 'object' ? snapshot.strings[snapshot.nodes[at + nameAt!]!]! : `(${type})`;
    const size = snapshot.nodes[at + sizeAt!]!;
    total += size;
    const sum = sums.get(name) ?? { bytes: 0, count: 0 };
    sum.bytes += size;
    sum.count += 1;
    sums.set(name, sum);
  }
  const largest = [...sums].sort(([, a], [, b]) => b.bytes - a.bytes).slice(0, top);
  return { total, largest: largest.map(([name, sum]) => ({ name, ...sum })) };
}

/** Takes a snapshot into `file` and answers its total and the largest kinds; null when the inspector can't. */
export async function heapSnapshotSummary(inspectorPort: number, file: string, top = 12) {
  try {
    await takeSnapshot(inspectorPort, file);
    return summarise(JSON.parse(await readFile(file, 'utf8')) as Snapshot, top);
  } catch (error) {
    console.log(`heap snapshot not taken: ${(error as Error).message}`);
    return null;
  }
}
