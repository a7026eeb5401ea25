// The catalog bench's searches asked through the Worker: the shop served by wrangler dev on the bench's loaded state,
// each search one HTTP request to the search API, timed from the request to the last byte of its answer. This is the
// wall time a shopper's search costs in the Worker (routing, understanding the words, D1, JSON), beside the D1
// execution time the bench adds up through the platform proxy.
import { serveShop } from './serve.ts';

const SEARCH = '/search/public/buyer/items/filter-search';

export interface SearchCase {
  nodeId: number;
  categoryId: number;
}

export interface HttpFigures {
  keyword: number[];
  category: number[];
  /** The bare route (no middleware, no D1): what any request to the local server costs. */
  bare: number[];
}

/** Serves `stateDir` and times `runs` keyword searches with a vehicle and as many vehicle category pages. */
export async function benchSearchThroughWorker(
  stateDir: string,
  cases: readonly SearchCase[],
  words: readonly string[],
  runs: number,
): Promise<HttpFigures> {
  const shop = await serveShop({ stateDir });
  try {
    const ask = async (params: Record<string, string | number>) => {
      const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
      const started = performance.now();
      // 127.0.0.1 is the US shop (as npm run bench asks it); Node's fetch does not resolve us.shop.localhost.
      const response = await fetch(`http://127.0.0.1:${shop.port}${SEARCH}?${query}`);
      const body = (await response.json()) as { data?: { records: unknown[] } };
      const took = performance.now() - started;
      if (!response.ok || !body.data) throw new Error(`search ${query} answered ${response.status}`);
      return { took, found: body.data.records.length };
    };
    const keywordSearch = (run: number) =>
      ask({ keyword: words[run % words.length]!, attributeValueIds: cases[run % cases.length]!.nodeId, size: 20 });
    const categoryPage = (run: number) => {
      const { nodeId, categoryId } = cases[run % cases.length]!;
      return ask({ categoryId, attributeValueIds: nodeId, fitsOnly: 'true', sort: 'discountMinPrice asc', size: 20 });
    };
    // A first round over every case warms the isolate (its code, the search vocabulary and each category's count,
    // kept ten minutes per isolate), as a shop's isolates are warm for nearly every request.
    for (let run = 0; run < Math.max(cases.length, words.length); run++) {
      await keywordSearch(run);
      await categoryPage(run);
    }
    const figures: HttpFigures = { keyword: [], category: [], bare: [] };
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await (await fetch(`http://127.0.0.1:${shop.port}/__bare`)).arrayBuffer();
      figures.bare.push(performance.now() - started);
      figures.keyword.push((await keywordSearch(run)).took);
      const page = await categoryPage(run);
      if (page.found === 0) throw new Error(`the category page of run ${run} found nothing`);
      figures.category.push(page.took);
    }
    return figures;
  } finally {
    await shop.stop();
  }
}
