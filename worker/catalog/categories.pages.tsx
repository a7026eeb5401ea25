import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { categoryTree } from './service.ts';
import { staticAsset } from '../platform/build-info.ts';
import { localWords } from './french.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/** /categories: every part category of the shop, each linking to its parts. */
export const categoriesPage = new Hono<AppEnv>().get('/categories', (c) =>
  c.render(
    (_shell, tree) => (
      <section className="categories-page">
        <h1>{m.categories_title()}</h1>
        <div className="category-grid">
          {tree.map((top) => (
            <section key={top.id} className="category-group" data-category={top.handle}>
              <h2>
                <a href={`/search?category=${top.backId ?? ''}`}>{localWords(top.name)}</a>
              </h2>
              {top.imageUrl && <img src={staticAsset(top.imageUrl)} alt="" width="96" height="96" loading="lazy" />}
              <ul>
                {top.children.map((child) => (
                  <li key={child.id}>
                    <a href={`/search?category=${child.backId ?? ''}`}>{localWords(child.name)}</a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>
    ),
    { pageType: 'category list', data: categoryTree(c.env.DB) },
  ),
);
