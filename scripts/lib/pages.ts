// Reads the information pages' written content from kv-seed/pages (and blog articles from kv-seed/blog).
import { readdir, readFile } from 'node:fs/promises';

export async function readInfoPages(dir = 'kv-seed/pages'): Promise<{ route: string }[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(`${dir}/${file}`, 'utf8')) as { route: string }),
  );
}
