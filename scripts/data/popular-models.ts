// The 150 best-selling models in the US and Canada over model years 2000-2026, named as the
// vehicle base (kv-seed/vehicles) names them after the series split (scripts/data/vpic/series.ts).
// Compiled from yearly US and Canadian sales rankings; the order is by make, not by sales.
// The catalog generator fits more parts to these, the data checker and tests/node/vehicle-base
// hold the vehicle base to its coverage targets for them.

/** A make and model as the vehicle base names them. */
export interface PopularModel {
  make: string;
  model: string;
}

const LIST: Record<string, string[]> = {
  Acura: ['MDX', 'RDX'],
  Audi: ['Q5'],
  BMW: ['X5'],
  Buick: ['Enclave', 'Encore'],
  Cadillac: ['Escalade'],
  Chevrolet: [
    'Avalanche',
    'Blazer',
    'Camaro',
    'Cavalier',
    'Cobalt',
    'Colorado',
    'Corvette',
    'Cruze',
    'Equinox',
    'Express',
    'Impala',
    'Malibu',
    'Silverado 1500',
    'Silverado 2500 HD',
    'Silverado 3500 HD',
    'Suburban',
    'Tahoe',
    'Trailblazer',
    'Traverse',
    'Trax',
  ],
  Chrysler: ['300', 'Pacifica', 'PT Cruiser', 'Town and Country'],
  Dodge: [
    'Caliber',
    'Challenger',
    'Charger',
    'Dakota',
    'Durango',
    'Grand Caravan',
    'Journey',
    'Ram 1500',
    'Ram 2500',
    'Ram 3500',
  ],
  Ford: [
    'Bronco',
    'Bronco Sport',
    'Crown Victoria',
    'Edge',
    'Escape',
    'Expedition',
    'Explorer',
    'F-150',
    'F-250 Super Duty',
    'F-350 Super Duty',
    'Focus',
    'Fusion',
    'Maverick',
    'Mustang',
    'Ranger',
    'Taurus',
    'Transit',
    'Windstar',
  ],
  GMC: ['Acadia', 'Canyon', 'Sierra 1500', 'Sierra 2500 HD', 'Sierra 3500 HD', 'Terrain', 'Yukon', 'Yukon XL'],
  Honda: ['Accord', 'Civic', 'CR-V', 'Fit', 'HR-V', 'Odyssey', 'Pilot', 'Ridgeline'],
  Hyundai: ['Accent', 'Elantra', 'Kona', 'Palisade', 'Santa Fe', 'Sonata', 'Tucson'],
  Jeep: ['Cherokee', 'Compass', 'Gladiator', 'Grand Cherokee', 'Liberty', 'Patriot', 'Renegade', 'Wrangler'],
  Kia: ['Forte', 'Optima', 'Sorento', 'Soul', 'Sportage', 'Telluride'],
  Lexus: ['ES', 'RX'],
  Lincoln: ['Navigator'],
  Mazda: ['CX-5', 'CX-9', 'Mazda3', 'Mazda6'],
  Mercury: ['Grand Marquis'],
  'Mercedes-Benz': ['C-Class', 'E-Class'],
  Mitsubishi: ['Outlander'],
  Nissan: [
    'Altima',
    'Armada',
    'Frontier',
    'Kicks',
    'Maxima',
    'Murano',
    'Pathfinder',
    'Rogue',
    'Sentra',
    'Titan',
    'Versa',
    'Xterra',
  ],
  Pontiac: ['G6', 'Grand AM', 'Grand Prix'],
  Ram: ['1500', '2500', '3500'],
  Saturn: ['Vue'],
  Subaru: ['Ascent', 'Crosstrek', 'Forester', 'Impreza', 'Legacy', 'Outback'],
  Tesla: ['Model 3', 'Model Y'],
  Toyota: [
    '4Runner',
    'Avalon',
    'Camry',
    'Corolla',
    'Highlander',
    'Prius',
    'RAV4',
    'Sequoia',
    'Sienna',
    'Tacoma',
    'Tundra',
    'Yaris',
  ],
  Volkswagen: ['Atlas', 'Jetta', 'Passat', 'Tiguan'],
};

/** The 150 best-selling US and Canadian models of 2000-2026, `{ make, model }` as the vehicle base names them. */
export const POPULAR_MODELS: readonly PopularModel[] = Object.entries(LIST).flatMap(([make, models]) =>
  models.map((model) => ({ make, model })),
);

/** Is this make and model one of the popular ones? */
export function isPopular(make: string, model: string): boolean {
  return POPULAR_KEYS.has(`${make}\t${model}`);
}
const POPULAR_KEYS = new Set(POPULAR_MODELS.map((m) => `${m.make}\t${m.model}`));

/**
 * The ten best sellers of recent years in the US and Canada: every model year of theirs must have a trim step (the
 * data checker's trim-step check, tests/node/vehicle-base); where vPIC names no trim, vpic/trim-table.ts does.
 */
export const BEST_SELLERS: readonly PopularModel[] = [
  ['Ford', 'F-150'],
  ['Chevrolet', 'Silverado 1500'],
  ['Ram', '1500'],
  ['Toyota', 'RAV4'],
  ['Honda', 'CR-V'],
  ['Toyota', 'Camry'],
  ['GMC', 'Sierra 1500'],
  ['Chevrolet', 'Equinox'],
  ['Ford', 'Explorer'],
  ['Honda', 'Civic'],
].map(([make, model]) => ({ make: make!, model: model! }));
