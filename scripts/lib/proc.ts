// Processes from /proc (Linux): which workerd a wrangler dev started, and how much memory it holds.
import { readdirSync, readFileSync } from 'node:fs';

/** Every process id with its parent's, read from /proc/<pid>/stat (gone processes skipped). */
function processTable(): { pid: number; ppid: number; name: string }[] {
  const table: { pid: number; ppid: number; name: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (name) state ppid ...": the name may hold spaces and parentheses, so split at the last ')'.
      const close = stat.lastIndexOf(')');
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      table.push({ pid: Number(entry), ppid, name: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // exited while we looked
    }
  }
  return table;
}

/** The process ids below `pid` (children, their children, ...) with their names. */
export function descendantsOf(pid: number): { pid: number; name: string }[] {
  const table = processTable();
  const found: { pid: number; name: string }[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const row of table)
      if (row.ppid === parent) {
        found.push({ pid: row.pid, name: row.name });
        queue.push(row.pid);
      }
  }
  return found;
}

/** A process's command line, or [] when it is gone. */
export function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** A process's resident memory (VmRSS) in kB, or null when it is gone. */
export function residentKb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The workerd that runs the Worker under the `wrangler dev` this process started on `port`: the
 * child whose command line is `wrangler ... dev ... --port <port>`, then the workerd among its
 * descendants. wrangler dev runs two: its proxy, which listens on `port`
 * (`--socket-addr=entry=127.0.0.1:<port>`), and the Worker's, on a port of its own; this answers
 * the Worker's.
 */
export function workerdOfDev(port: number): number[] {
  const wrangler = descendantsOf(process.pid).find(({ pid }) => {
    const args = commandLine(pid);
    const at = args.indexOf('--port');
    return args.includes('dev') && at >= 0 && args[at + 1] === String(port);
  });
  if (!wrangler) return [];
  return descendantsOf(wrangler.pid)
    .filter(
      (row) => row.name === 'workerd' && !commandLine(row.pid).some((arg) => arg.endsWith(`entry=127.0.0.1:${port}`)),
    )
    .map((row) => row.pid);
}
