// The catalog bench's reads asked through the Worker: the shop served by wrangler dev on the bench's loaded state,
// each read one HTTP request to the shop's own API. Two times per request: the Worker's (its Server-Timing total, from
// the request to the answer's last read), and the HTTP round trip from here, which adds what any request to the local
// server costs (printed with a bare route beside it).
import { serveShop } from './serve.ts';

export interface SearchCase {
  nodeId: number;
  categoryId: number;
}

/** The Worker's times and the round trips of one kind of read. */
export interface Timings {
  worker: number[];
  http: number[];
}

export interface HttpFigures {
  keyword: Timings;
  category: Timings;
  typeahead: Timings;
  /** The vehicle selector's children of a model year (its trims or engines). */
  selector: Timings;
  /** The bare route (no middleware, no D1): what any request to the local server costs. */
  bare: number[];
}

/** The Server-Timing total's duration in ms, or NaN when the answer has none. */
function workerTime(header: string | null): number {
  const total = header?.split(',').find((metric) => metric.trim().startsWith('total'));
  const duration = total?.match(/dur=([\d.]+)/);
  return duration ? Number(duration[1]) : Number.NaN;
}

/** Serves `stateDir` and times `runs` of each read: keyword search, category page, typeahead, vehicle selector. */
export async function benchSearchThroughWorker(
  stateDir: string,
  cases: readonly SearchCase[],
  words: readonly string[],
  runs: number,
): Promise<HttpFigures> {
  const shop = await serveShop({ stateDir });
  // 127.0.0.1 is the US shop (as npm run bench asks it); Node's fetch does not resolve us.shop.localhost.
  const origin = `http://127.0.0.1:${shop.port}`;
  try {
    const ask = async (into: Timings | null, path: string, params: Record<string, string | number>) => {
      const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
      const started = performance.now();
      const response = await fetch(`${origin}${path}?${query}`);
      const body = (await response.json()) as { data?: unknown };
      const took = performance.now() - started;
      if (!response.ok || !body.data) throw new Error(`${path}?${query} answered ${response.status}`);
      const worker = workerTime(response.headers.get('server-timing'));
      if (Number.isNaN(worker)) throw new Error(`${path} answered without a Server-Timing total`);
      into?.worker.push(worker);
      into?.http.push(took);
      return body.data;
    };
    const figures: HttpFigures = {
      keyword: { worker: [], http: [] },
      category: { worker: [], http: [] },
      typeahead: { worker: [], http: [] },
      selector: { worker: [], http: [] },
      bare: [],
    };
    const round = async (run: number, measured: boolean) => {
      const { nodeId, categoryId } = cases[run % cases.length]!;
      const keyword = words[run % words.length]!;
      const into = (timings: Timings) => (measured ? timings : null);
      await ask(into(figures.keyword), '/search/public/buyer/items/filter-search', {
        keyword,
        attributeValueIds: nodeId,
        size: 20,
      });
      const page = (await ask(into(figures.category), '/search/public/buyer/items/filter-search', {
        categoryId,
        attributeValueIds: nodeId,
        fitsOnly: 'true',
        sort: 'discountMinPrice asc',
        size: 20,
      })) as { records: unknown[] };
      if (page.records.length === 0) throw new Error(`the category page of run ${run} found nothing`);
      await ask(into(figures.typeahead), '/item/public/buyer/associative/top-search-box', {
        keyword: keyword.slice(0, 3 + (run % 4)),
        size: 6,
      });
      await ask(into(figures.selector), '/item/public/attr/value/child/car-model', {
        attributeValueId: nodeId,
      });
      if (!measured) return;
      const started = performance.now();
      await (await fetch(`${origin}/__bare`)).arrayBuffer();
      figures.bare.push(performance.now() - started);
    };
    // A first round over every case warms the isolate (its code, the search vocabulary and each category's count,
    // kept ten minutes per isolate), as a shop's isolates are warm for nearly every request.
    for (let run = 0; run < Math.max(cases.length, words.length); run++) await round(run, false);
    for (let run = 0; run < runs; run++) await round(run, true);
    return figures;
  } finally {
    await shop.stop();
  }
}
