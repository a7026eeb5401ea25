import { Hono } from 'hono';
import { vehicleIdOfPartsSegment, vehicleName, vehiclePartsPath } from '../../shared/vehicle.ts';
import type { AppEnv } from '../env.ts';
import { searchItems, vehicleCategories } from '../search/service.ts';
import { renderErrorPage } from '../platform/render/render-page.tsx';
import { currentVehicleId, vehicleById, vehicleOfPage } from '../vehicles/service.ts';
import { PartsPage } from './views/MakePages.tsx';
import { VehiclePartsPage } from './views/VehiclePartsPage.tsx';

/** How many of a vehicle's best-selling fitting parts its page shows. */
const TOP_PARTS = 8;

/**
 * /parts: choose a vehicle (or go on with the current one); /parts/{attributeValueId}-{words}: that vehicle's page,
 * its part categories with the count of fitting parts in each and its best sellers.
 */
export const partsPages = new Hono<AppEnv>()
  .get('/parts', async (c) => {
    const { id } = currentVehicleId(c);
    const current = id ? await vehicleById(c.env.DB, id) : null;
    const continueWith = current ? { name: vehicleName(current, true), href: vehiclePartsPath(current) } : null;
    return c.render(<PartsPage current={continueWith} />, { pageType: 'category list' });
  })
  .get('/parts/:vehicle', async (c) => {
    const id = vehicleIdOfPartsSegment(c.req.param('vehicle'));
    const found = id ? await vehicleOfPage(c.env.DB, id) : null;
    if (!found) return renderErrorPage(c, 404);
    const path = vehiclePartsPath(found.vehicle);
    // An old or misspelt address (a moved id, other words) goes to the vehicle's one address.
    if (new URL(c.req.url).pathname !== path) return c.redirect(path, 301);
    const [categories, top] = await Promise.all([
      vehicleCategories(c.env.DB, found.fittingNodeIds, c.var.market.id),
      searchItems(c.env.DB, c.var.market.id, {
        vehicleNodeIds: found.nodeIds,
        fitsOnly: true,
        // The vehicle's own best sellers: universal parts would crowd them out and make the page read thousands.
        vehicleOnly: true,
        sort: 'sales desc',
        size: TOP_PARTS,
      }),
    ]);
    const name = vehicleName(found.vehicle, true);
    return c.render(<VehiclePartsPage parts={{ ...found, categories }} top={top.records} />, {
      pageType: 'category list',
      title: `Parts for ${name}`,
    });
  });
