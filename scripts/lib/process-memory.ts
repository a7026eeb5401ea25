// Where a process's resident memory is (Linux): anonymous pages (the JavaScript heap, SQLite's page cache, the
// allocator's free lists), file pages (the workerd binary and libraries, mapped files) and shared memory, from
// /proc/<pid>/status; and how large the local storage behind the Worker (D1, Durable Objects, KV) has grown.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface ResidentParts {
  anonKb: number;
  fileKb: number;
  shmemKb: number;
}

/** RssAnon, RssFile and RssShmem of a process, in kB; null when it is gone. */
export function residentParts(pid: number): ResidentParts | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { anonKb: kb('RssAnon'), fileKb: kb('RssFile'), shmemKb: kb('RssShmem') };
  } catch {
    return null;
  }
}

/** The bytes of every file under a folder (the local state's SQLite files and blobs). */
export function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** The local storage by store (v3/d1, each Durable Object namespace, KV, R2, cache): bytes and files, largest first. */
export function storageByStore(stateDir: string): { store: string; bytes: number; files: number }[] {
  const stores: { store: string; bytes: number; files: number }[] = [];
  const count = (folder: string): number =>
    readdirSync(folder, { withFileTypes: true }).reduce(
      (total, entry) => total + (entry.isDirectory() ? count(join(folder, entry.name)) : entry.isFile() ? 1 : 0),
      0,
    );
  const root = join(stateDir, 'v3');
  for (const kind of readdirSync(root, { withFileTypes: true })) {
    if (!kind.isDirectory()) continue;
    for (const store of readdirSync(join(root, kind.name), { withFileTypes: true })) {
      if (!store.isDirectory()) continue;
      const folder = join(root, kind.name, store.name);
      stores.push({ store: `${kind.name}/${store.name}`, bytes: folderBytes(folder), files: count(folder) });
    }
  }
  return stores.sort((a, b) => b.bytes - a.bytes);
}
