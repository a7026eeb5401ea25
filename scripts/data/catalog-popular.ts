// The models shoppers drive most: the catalog covers each of their model years in every core
// maintenance category. The vehicle base's list (popular-models.ts, `POPULAR_MODELS`) is used
// when it is there; until then a stand-in of the best-selling US and Canadian nameplates.
import type { VehicleTree } from './vehicle-tree.ts';

export interface PopularModel {
  make: string;
  model: string;
}

const COUNT = 150;

/** Best sellers first, by make; names the vehicle base may not have are skipped. */
const STAND_IN: Record<string, string[]> = {
  Ford: ['F-150', 'Escape', 'Explorer', 'Fusion', 'Focus', 'Mustang', 'Edge', 'Expedition', 'Ranger', 'Taurus'],
  Chevrolet: ['Silverado 1500', 'Silverado', 'Equinox', 'Malibu', 'Tahoe', 'Suburban', 'Traverse', 'Impala'],
  Toyota: ['Camry', 'Corolla', 'RAV4', 'Tacoma', 'Tundra', 'Highlander', 'Prius', '4Runner', 'Sienna', 'Avalon'],
  Honda: ['Civic', 'Accord', 'CR-V', 'Pilot', 'Odyssey', 'HR-V', 'Fit', 'Ridgeline'],
  Nissan: ['Altima', 'Rogue', 'Sentra', 'Pathfinder', 'Frontier', 'Maxima', 'Murano', 'Versa', 'Titan'],
  Ram: ['1500', '2500', '3500'],
  Dodge: ['Grand Caravan', 'Charger', 'Durango', 'Journey', 'Challenger', 'Ram', 'Dakota'],
  GMC: ['Sierra 1500', 'Sierra', 'Acadia', 'Terrain', 'Yukon', 'Canyon'],
  Jeep: ['Wrangler', 'Grand Cherokee', 'Cherokee', 'Compass', 'Liberty', 'Renegade', 'Gladiator', 'Patriot'],
  Hyundai: ['Elantra', 'Sonata', 'Tucson', 'Santa Fe', 'Kona', 'Accent', 'Palisade'],
  Kia: ['Sorento', 'Soul', 'Optima', 'Forte', 'Sportage', 'Telluride', 'Rio'],
  Subaru: ['Outback', 'Forester', 'Impreza', 'Crosstrek', 'Legacy', 'Ascent'],
  Volkswagen: ['Jetta', 'Passat', 'Golf', 'Tiguan', 'Atlas'],
  Mazda: ['Mazda3', 'CX-5', 'Mazda6', 'CX-9', 'CX-30', 'MX-5'],
  Tesla: ['Model 3', 'Model Y', 'Model S'],
  Lexus: ['RX', 'ES'],
  Acura: ['MDX', 'RDX', 'TL', 'TLX'],
  Chrysler: ['300', 'Pacifica', 'Town and Country'],
  Buick: ['Enclave', 'Encore', 'LaCrosse'],
  Cadillac: ['Escalade', 'SRX'],
  'Mercedes-Benz': ['C-Class', 'E-Class'],
  BMW: ['328i', 'X5', 'X3'],
  Audi: ['A4', 'Q5'],
  Mitsubishi: ['Outlander'],
  Lincoln: ['Navigator', 'MKZ'],
  Infiniti: ['QX60', 'G37'],
  Volvo: ['XC90'],
  Pontiac: ['Grand Prix', 'G6'],
  Mercury: ['Grand Marquis'],
  Saturn: ['Ion'],
};

/** Interleaves the makes' lists so the first 150 spread over every make, best sellers first. */
function standIn(): PopularModel[] {
  const lists = Object.entries(STAND_IN);
  const longest = Math.max(...lists.map(([, models]) => models.length));
  const out: PopularModel[] = [];
  for (let rank = 0; rank < longest; rank++)
    for (const [make, models] of lists) if (models[rank]) out.push({ make, model: models[rank]! });
  return out;
}

const specifier = './popular-models.ts';
const shared = (await import(specifier).catch(() => null)) as { POPULAR_MODELS?: PopularModel[] } | null;

/** The popular models' ids in this tree (a smaller tree, such as the test fixture's, has fewer). */
export function popularModelIds(tree: VehicleTree): number[] {
  const makeIds = new Map(tree.makes.map((make) => [make.name, make.id]));
  const byName = new Map(tree.models.map((model) => [`${model.makeId}|${model.name}`, model.id]));
  const ids: number[] = [];
  for (const { make, model } of shared?.POPULAR_MODELS ?? standIn()) {
    const id = byName.get(`${makeIds.get(make)}|${model}`);
    if (id !== undefined && !ids.includes(id) && (tree.modelYears.get(id)?.length ?? 0) > 0) ids.push(id);
    if (ids.length === COUNT) break;
  }
  return ids;
}
