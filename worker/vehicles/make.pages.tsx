import { Hono } from 'hono';
import { vehicleCatalogRepository } from './vehicle-catalog-repository.ts';
import { vehicleRepository } from './repository.ts';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { topMakes } from './service.ts';
import { MakePage, MakesPage, PartsPage, type ChosenModelYear } from './views/MakePages.tsx';
import { renderErrorPage, renderPage } from '../views/render-page.tsx';

/** Shop by make (§2): /makes lists every make; /makes/{make} its models, years and part categories. */
export const makePages = new Hono<AppEnv>()
  .get('/parts', (c) => renderPage(c, () => <PartsPage />, { pageType: 'category list' }))
  .get('/makes', async (c) => {
    const [popular, makes] = await Promise.all([
      topMakes(c.env.DB, systemClock, 12),
      vehicleRepository(c.env.DB).makes(),
    ]);
    return renderPage(c, () => <MakesPage popular={popular} makes={makes} />, { pageType: 'category list' });
  })
  .get('/makes/:make', async (c) => {
    const slug = c.req.param('make').toLowerCase();
    if (!/^[a-z0-9-]{1,40}$/.test(slug)) return renderErrorPage(c, 404);
    const repo = vehicleCatalogRepository(c.env.DB);
    const make = await repo.makeBySlug(slug);
    if (!make) return renderErrorPage(c, 404);
    const models = await repo.modelsOfMake(make.id);
    const model = models.find((entry) => entry.slug === c.req.query('model'));
    const year = Number(c.req.query('year'));
    let chosen: ChosenModelYear | null = null;
    if (model && Number.isInteger(year) && year >= model.yearFrom && year <= model.yearTo) {
      const node = await repo.modelYearNode(model.modelId, year);
      if (node) {
        const statusColumn = c.var.market.id === 'ca' ? 'ca_status' : 'us_status';
        chosen = {
          model,
          year,
          attributeValueId: node.id,
          categories: await repo.categoriesForVehicle([node.id], statusColumn),
        };
      }
    }
    return renderPage(c, () => <MakePage make={make} models={models} chosen={chosen} />, { pageType: 'category list' });
  });
