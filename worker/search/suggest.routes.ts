import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { contentConfig } from '../content/service.ts';
import { suggestItems } from './service.ts';
import { endpoint, type Endpoint, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { suggestion, suggestQuery } from '../../shared/api/search.ts';

const topSearchBox = endpoint({
  ...API.searchSuggest,
  tag: 'search',
  summary: 'Typeahead: part numbers, categories and best-selling products that start like the words typed',
  query: suggestQuery,
  response: z.array(suggestion),
});
const hotWords = endpoint({
  method: 'get',
  path: '/search/public/suggestion/hot-words/list',
  tag: 'search',
  summary: 'Popular searches, from the hot-words content config',
  response: z.array(z.string()),
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const suggestEndpoints: readonly Endpoint[] = [topSearchBox, hotWords];

/** Typeahead suggestions and popular searches (§7 Search and items). */
export const suggestApi = new Hono<AppEnv>()
  .get(topSearchBox.path, async (c) => {
    const { keyword, size } = readQuery(c, topSearchBox);
    return c.json(ok(await suggestItems(c.env.DB, c.var.market.id, keyword, size)));
  })
  .get(hotWords.path, async (c) => {
    const config = await contentConfig(c.env.SETTINGS, systemClock, 'hot-words');
    const words = Array.isArray(config?.words)
      ? config.words.filter((word): word is string => typeof word === 'string')
      : [];
    return c.json(ok(words));
  });
