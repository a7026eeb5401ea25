// The factory engines of GM's popular models (US and Canada) in the model years whose VINs tie
// no engine to the model: GM coded the engine on VIN position 8 in make-wide tables before 2013.
// From GM's own engine listings per model year; only engines certain for the model and year.
import { type EngineRanges, except, only, type TableEngine } from './engine-table-types.ts';

const HYBRID = /Hybrid/i;
const NOT_HYBRID = /^(?!.*Hybrid)/i;
const COLORADO: EngineRanges = [
  [2004, 2006, ['2.8L L4 Gas', '3.5L L5 Gas']],
  [2007, 2008, ['2.9L L4 Gas', '3.7L L5 Gas']],
  [2009, 2012, ['2.9L L4 Gas', '3.7L L5 Gas', '5.3L V8 Gas']],
];
const HALF_TON_2004: readonly string[] = ['4.3L V6 Gas', '4.8L V8 Gas', '5.3L V8 Gas', '6.0L V8 Gas'];
const HALF_TON_2007: readonly string[] = ['4.3L V6 Gas', '4.8L V8 Gas', '5.3L V8 Flex Fuel'];
const HALF_TON_2009: readonly TableEngine[] = [
  ...[...HALF_TON_2007, '6.2L V8 Flex Fuel'].map((text) => except(text, HYBRID)),
  only('6.0L V8 Hybrid', HYBRID),
];
const HEAVY_DUTY: EngineRanges = [
  [2001, 2006, ['6.0L V8 Gas', '8.1L V8 Gas', '6.6L V8 Diesel']],
  [2007, 2014, ['6.0L V8 Gas', '6.6L V8 Diesel']],
];
const SUBURBAN: EngineRanges = [
  [2000, 2000, ['5.3L V8 Gas', '6.0L V8 Gas']],
  [2001, 2006, ['5.3L V8 Gas', '6.0L V8 Gas', '8.1L V8 Gas']],
  [2007, 2008, ['5.3L V8 Flex Fuel', '6.0L V8 Gas']],
];

/** GM's popular models: make → model → [first year, last year, engines]. */
export const GM_ENGINES: Record<string, Record<string, EngineRanges>> = {
  Buick: { Enclave: [[2008, 2012, ['3.6L V6 Gas']]] },
  Cadillac: {
    Escalade: [
      [1999, 2000, ['5.7L V8 Gas']],
      // The 5.3L went in the two-wheel-drive Escalade only, never the ESV or EXT.
      [2002, 2006, [only('5.3L V8 Gas', /^(?!.*(ESV|EXT))/i), '6.0L V8 Gas']],
      [2007, 2008, ['6.2L V8 Gas']],
      [2009, 2012, [only('6.2L V8 Flex Fuel', NOT_HYBRID), only('6.0L V8 Hybrid', HYBRID)]],
    ],
  },
  Chevrolet: {
    Avalanche: [[2007, 2008, ['5.3L V8 Flex Fuel']]],
    Blazer: [[1995, 2005, ['4.3L V6 Gas']]],
    Camaro: [
      [1998, 2002, ['3.8L V6 Gas', '5.7L V8 Gas']],
      [2010, 2012, [except('3.6L V6 Gas', /SS|ZL1/i), only('6.2L V8 Gas', /SS|ZL1/i)]],
    ],
    Cobalt: [
      [2005, 2005, ['2.0L L4 Gas', '2.2L L4 Gas']],
      [2006, 2008, ['2.0L L4 Gas', '2.2L L4 Gas', '2.4L L4 Gas']],
      [2009, 2010, ['2.0L L4 Gas', '2.2L L4 Gas']],
    ],
    Colorado: COLORADO,
    Corvette: [
      [1997, 2004, ['5.7L V8 Gas']],
      [2005, 2005, ['6.0L V8 Gas']],
    ],
    Cruze: [[2011, 2012, ['1.4L L4 Gas', '1.8L L4 Gas']]],
    Equinox: [
      // vPIC's Captiva Sport trims are the Mexican market's: they get none of these.
      [2005, 2007, [except('3.4L V6 Gas', /Captiva/i)]],
      [2008, 2009, [except('3.4L V6 Gas', /Captiva|^Sport$/i), only('3.6L V6 Gas', /^Sport$/i)]],
      [2010, 2012, ['2.4L L4 Gas', '3.0L V6 Gas']],
    ],
    Express: [
      [2000, 2002, ['4.3L V6 Gas', '5.0L V8 Gas', '5.7L V8 Gas']],
      [2003, 2005, ['4.3L V6 Gas', '4.8L V8 Gas', '5.3L V8 Gas', '6.0L V8 Gas']],
      [2006, 2010, ['4.3L V6 Gas', '4.8L V8 Gas', '5.3L V8 Gas', '6.0L V8 Gas', '6.6L V8 Diesel']],
    ],
    Impala: [
      [2000, 2005, ['3.4L V6 Gas', '3.8L V6 Gas']],
      [2012, 2012, ['3.6L V6 Flex Fuel']],
    ],
    Malibu: [[2000, 2003, ['3.1L V6 Gas']]],
    'Silverado 1500': [
      [2004, 2006, HALF_TON_2004],
      [2007, 2008, [...HALF_TON_2007, '6.0L V8 Gas']],
      [2009, 2012, HALF_TON_2009],
    ],
    'Silverado 2500 HD': HEAVY_DUTY,
    'Silverado 3500 HD': HEAVY_DUTY,
    Suburban: SUBURBAN,
    Tahoe: [
      [2007, 2007, ['4.8L V8 Gas', '5.3L V8 Flex Fuel']],
      [
        2008,
        2009,
        [except('4.8L V8 Gas', HYBRID), except('5.3L V8 Flex Fuel', HYBRID), only('6.0L V8 Hybrid', HYBRID)],
      ],
      [2010, 2012, [except('5.3L V8 Flex Fuel', HYBRID), only('6.0L V8 Hybrid', HYBRID)]],
    ],
    Trailblazer: [
      [2002, 2002, ['4.2L L6 Gas']],
      [2003, 2005, ['4.2L L6 Gas', '5.3L V8 Gas']],
      [2006, 2007, ['4.2L L6 Gas', '5.3L V8 Gas', only('6.0L V8 Gas', /SS/i)]],
      [2008, 2009, [except('4.2L L6 Gas', /SS/i), only('6.0L V8 Gas', /SS/i)]],
    ],
    Traverse: [[2009, 2012, ['3.6L V6 Gas']]],
  },
  GMC: {
    Acadia: [[2007, 2012, ['3.6L V6 Gas']]],
    Canyon: COLORADO,
    'Sierra 1500': [
      [2004, 2006, HALF_TON_2004],
      [2007, 2008, [...HALF_TON_2007, '6.0L V8 Gas', '6.2L V8 Gas']],
      [2009, 2012, HALF_TON_2009],
    ],
    'Sierra 2500 HD': HEAVY_DUTY,
    'Sierra 3500 HD': HEAVY_DUTY,
    Terrain: [[2010, 2012, ['2.4L L4 Gas', '3.0L V6 Gas']]],
    Yukon: [
      [2000, 2000, ['4.8L V8 Gas', '5.3L V8 Gas']],
      [2001, 2006, ['4.8L V8 Gas', '5.3L V8 Gas', '6.0L V8 Gas']],
      [2007, 2007, ['4.8L V8 Gas', '5.3L V8 Flex Fuel', only('6.2L V8 Gas', /Denali/i)]],
      [
        2008,
        2008,
        [
          except('4.8L V8 Gas', /Hybrid|Denali/i),
          except('5.3L V8 Flex Fuel', HYBRID),
          only('6.2L V8 Gas', /Denali(?!.*Hybrid)/i),
          only('6.0L V8 Hybrid', HYBRID),
        ],
      ],
      [
        2009,
        2009,
        [
          except('4.8L V8 Gas', /Hybrid|Denali/i),
          except('5.3L V8 Flex Fuel', HYBRID),
          only('6.2L V8 Flex Fuel', /Denali(?!.*Hybrid)/i),
          only('6.0L V8 Hybrid', HYBRID),
        ],
      ],
      [
        2010,
        2012,
        [
          except('5.3L V8 Flex Fuel', HYBRID),
          only('6.2L V8 Flex Fuel', /Denali(?!.*Hybrid)/i),
          only('6.0L V8 Hybrid', HYBRID),
        ],
      ],
    ],
    'Yukon XL': [
      ...SUBURBAN.slice(0, 2),
      [2007, 2008, ['5.3L V8 Flex Fuel', '6.0L V8 Gas', only('6.2L V8 Gas', /Denali/i)]],
      [2009, 2013, ['5.3L V8 Flex Fuel', '6.0L V8 Gas', only('6.2L V8 Flex Fuel', /Denali/i)]],
    ],
  },
  Pontiac: {
    'Grand AM': [
      [1999, 2001, ['2.4L L4 Gas', '3.4L V6 Gas']],
      [2002, 2005, ['2.2L L4 Gas', '3.4L V6 Gas']],
    ],
    'Grand Prix': [
      [1997, 2003, ['3.1L V6 Gas', '3.8L V6 Gas']],
      [2004, 2004, ['3.8L V6 Gas']],
      [2005, 2008, [except('3.8L V6 Gas', /GXP/i), only('5.3L V8 Gas', /GXP/i)]],
    ],
  },
  Saturn: {
    Vue: [
      [2002, 2003, ['2.2L L4 Gas', '3.0L V6 Gas']],
      [2004, 2007, ['2.2L L4 Gas', '3.5L V6 Gas']],
      [2008, 2009, ['2.4L L4 Gas', '3.5L V6 Gas', '3.6L V6 Gas']],
      [2010, 2010, ['2.4L L4 Gas', '3.6L V6 Gas']],
    ],
  },
};
