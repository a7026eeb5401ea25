import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { categoryTree, itemFaqs } from './service.ts';
import { endpoint, type Endpoint, readQuery } from '../platform/contract.ts';

const faqList = endpoint({
  method: 'get',
  path: '/infra/public/item/faq/list',
  tag: 'item',
  summary: "A product's questions and answers",
  query: z.object({
    itemId: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31),
  }),
  response: z.array(z.object({ id: z.number().int(), question: z.string(), answer: z.string() })),
});
const node = z.object({
  id: z.number().int(),
  name: z.string(),
  handle: z.string(),
  imageUrl: z.string().nullable(),
  backId: z.number().int().nullable(),
});
const tree = endpoint({
  method: 'get',
  path: '/search/public/buyer/search/category/list',
  tag: 'search',
  summary: 'The navigation category tree: top categories with their children',
  response: z.array(node.extend({ children: z.array(node) })),
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const catalogContentEndpoints: readonly Endpoint[] = [faqList, tree];

/** Product questions and the category tree (§7). */
export const catalogContentApi = new Hono<AppEnv>()
  .get(faqList.path, async (c) => c.json(ok(await itemFaqs(c.env.DB, readQuery(c, faqList).itemId))))
  .get(tree.path, async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    const categories = await categoryTree(c.env.DB);
    const strip = ({ parentId: _, ...rest }: { parentId: number | null } & z.infer<typeof node>) => rest;
    return c.json(ok(categories.map((top) => ({ ...strip(top), children: top.children.map(strip) }))));
  });
