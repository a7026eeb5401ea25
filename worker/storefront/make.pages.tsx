import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { vehicleCategories } from '../search/service.ts';
import { allMakes, makePage, topMakes } from '../vehicles/service.ts';
import { MakePage, MakesPage } from './views/MakePages.tsx';
import { renderErrorPage } from '../platform/render/render-page.tsx';

/** Shop by make (§2): /makes lists every make; /makes/{make} its models, years and part categories. */
export const makePages = new Hono<AppEnv>()
  .get('/makes', async (c) => {
    const [popular, makes] = await Promise.all([topMakes(c.env.DB, systemClock, 12), allMakes(c.env.DB)]);
    return c.render(<MakesPage popular={popular} makes={makes} />, { pageType: 'category list' });
  })
  .get('/makes/:make', async (c) => {
    const slug = c.req.param('make').toLowerCase();
    if (!/^[a-z0-9-]{1,40}$/.test(slug)) return renderErrorPage(c, 404);
    const choice = { model: c.req.query('model'), year: Number(c.req.query('year')) };
    const found = await makePage(c.env.DB, slug, choice);
    if (!found) return renderErrorPage(c, 404);
    const { make, models } = found;
    // The chosen model year's part categories with their counts in the market.
    const chosen = found.chosen && {
      ...found.chosen,
      categories: await vehicleCategories(c.env.DB, [found.chosen.attributeValueId], c.var.market.id),
    };
    const openModel = chosen?.model.slug ?? choice.model ?? null;
    return c.render(<MakePage make={make} models={models} chosen={chosen} openModel={openModel} />, {
      pageType: 'category list',
    });
  });
