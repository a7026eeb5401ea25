// Exhaust and electrical parts.
import type { TopCategory } from './part-types.ts';

export const EXHAUST: TopCategory = {
  name: 'Exhaust',
  handle: 'exhaust',
  color: '#6d4c41',
  parts: [
    {
      name: 'Catalytic Converters',
      handle: 'catalytic-converters',
      titles: ['{brand} {variant} Catalytic Converter'],
      variants: [
        {
          name: 'Direct-Fit 49-State',
          specs: { Emissions: '49-State (not legal in California)' },
          emissions: 'FORTY_NINE_STATE',
        },
        {
          name: 'EPA Compliant',
          specs: { Emissions: '49-State (not legal in California)' },
          emissions: 'FORTY_NINE_STATE',
        },
        { name: 'CARB Compliant', specs: { Emissions: 'CARB EO Approved' }, emissions: 'FIFTY_STATE' },
      ],
      priceUsd: [129, 690],
      fitment: ['engine'],
      engine: 'fuel',
      carb: true,
      emissions: 'CATALYTIC_CONVERTER',
      specs: [['Emissions', ['CARB EO Approved']]],
      faqs: [
        [
          'Can I buy this in California?',
          'Only the CARB-compliant version with an executive order number can be sold for California vehicles.',
        ],
      ],
    },
    {
      name: 'Mufflers',
      handle: 'mufflers',
      titles: ['{brand} {variant} Muffler'],
      variants: ['Chambered', 'Turbo', 'Straight-Through', 'Quiet'],
      priceUsd: [39, 220],
      fitment: ['universal', 'model'],
      engine: 'fuel',
      specs: [['Inlet Diameter', ['2.25 in.', '2.5 in.', '3 in.']]],
    },
    {
      name: 'Oxygen Sensors',
      handle: 'oxygen-sensors',
      titles: ['{brand} {variant} Oxygen Sensor'],
      variants: ['Upstream', 'Downstream', 'Air/Fuel Ratio'],
      priceUsd: [24, 120],
      fitment: ['engine'],
      engine: 'fuel',
      specs: [['Wires', ['4', '5']]],
    },
    {
      name: 'Exhaust Manifolds',
      handle: 'exhaust-manifolds',
      titles: ['{brand} {variant} Exhaust Manifold Kit'],
      variants: [
        // An OE-design replacement manifold carries an EO; a performance header is for off-road use.
        {
          name: 'Cast Iron',
          specs: { Material: 'Cast Iron', Emissions: 'CARB EO Approved' },
          emissions: 'FIFTY_STATE',
        },
        {
          name: 'Stainless Header',
          specs: { Material: 'Stainless Steel', Emissions: 'Off-Road Use Only (not legal in California)' },
          emissions: 'OFF_ROAD',
        },
      ],
      positions: ['Driver Side', 'Passenger Side'],
      priceUsd: [79, 360],
      fitment: ['engine'],
      engine: 'fuel',
      emissions: 'EXHAUST_MANIFOLD',
      specs: [
        ['Material', ['Cast Iron']],
        ['Gaskets Included', ['Yes']],
      ],
    },
  ],
};

export const ELECTRICAL: TopCategory = {
  name: 'Electrical',
  handle: 'electrical',
  color: '#6a1b9a',
  parts: [
    {
      name: 'Alternators',
      handle: 'alternators',
      titles: ['{brand} {variant} Alternator'],
      variants: ['Remanufactured', 'New', { name: 'High Output', specs: { Amperage: '220A' } }],
      priceUsd: [119, 420],
      fitment: ['engine'],
      engine: 'fuel',
      core: true,
      specs: [['Amperage', ['130A', '150A', '160A']]],
    },
    {
      name: 'Starters',
      handle: 'starters',
      titles: ['{brand} {variant} Starter Motor'],
      variants: ['Remanufactured', 'New'],
      priceUsd: [89, 310],
      fitment: ['engine'],
      engine: 'fuel',
      core: true,
      specs: [['Kilowatt', ['1.2 kW', '1.4 kW', '1.7 kW']]],
    },
    {
      name: 'Batteries',
      handle: 'batteries',
      titles: ['{brand} {variant} Automotive Battery, Group {size}'],
      variants: [
        { name: 'AGM', specs: { 'Battery Type': 'AGM' } },
        { name: 'Flooded Lead-Acid', specs: { 'Battery Type': 'Flooded' } },
      ],
      sizes: { label: 'BCI Group Size', values: ['24F', '35', '47', '48', '49', '51R', '65', '94R'] },
      priceUsd: [119, 289],
      fitment: ['model'],
      core: true,
      specs: [
        ['Battery Type', ['AGM']],
        ['Cold Cranking Amps', ['640', '760', '850']],
        ['Reserve Capacity', ['100 min', '120 min']],
      ],
    },
    {
      name: 'Window Regulators',
      handle: 'window-regulators',
      titles: ['{brand} {variant} Power Window Regulator with Motor'],
      variants: ['OE Replacement'],
      positions: ['Front Left', 'Front Right', 'Rear Left', 'Rear Right'],
      priceUsd: [39, 160],
      fitment: ['model', 'trim'],
      specs: [['Motor Included', ['Yes']]],
    },
  ],
};
