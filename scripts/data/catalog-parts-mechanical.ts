// Brakes, suspension, engine, exhaust and electrical parts: the categories of the mechanical side.
import type { TopCategory } from './part-types.ts';

export const BRAKES: TopCategory = {
  name: 'Brakes',
  handle: 'brakes',
  color: '#c62828',
  parts: [
    {
      name: 'Brake Pads',
      handle: 'brake-pads',
      titles: ['{brand} {variant} Brake Pad Set', '{brand} {variant} Disc Brake Pads'],
      variants: [
        { name: 'Ceramic', specs: { 'Friction Material': 'Ceramic' } },
        { name: 'Semi-Metallic', specs: { 'Friction Material': 'Semi-Metallic' } },
        { name: 'Low-Dust Ceramic', specs: { 'Friction Material': 'Ceramic' } },
        { name: 'Performance Carbon-Ceramic', specs: { 'Friction Material': 'Carbon-Ceramic' } },
        { name: 'Severe Duty Semi-Metallic', specs: { 'Friction Material': 'Semi-Metallic' } },
      ],
      positions: ['Front', 'Rear'],
      priceUsd: [24, 89],
      fitment: ['model', 'trim', 'model'],
      specs: [
        ['Friction Material', ['Ceramic', 'Semi-Metallic']],
        ['Hardware Included', ['Yes', 'No']],
        ['Shims', ['Multi-layer', 'Rubber-coated steel']],
      ],
      faqs: [
        [
          'Do these come with wear sensors?',
          'Sets for vehicles with electronic wear sensors include them; check the fitment notes.',
        ],
        ['Do I need to resurface my rotors?', 'New or resurfaced rotors give the best bedding and pedal feel.'],
      ],
      note: ['With 4-Wheel Disc Brakes', 'With Heavy Duty Brakes', 'Without Electronic Parking Brake'],
    },
    {
      name: 'Brake Rotors',
      handle: 'brake-rotors',
      titles: ['{brand} {variant} Disc Brake Rotor Pair', '{brand} {variant} Brake Rotors, Set of 2'],
      variants: [
        { name: 'Vented', specs: { 'Rotor Design': 'Vented' } },
        { name: 'Drilled and Slotted', specs: { 'Rotor Design': 'Vented', Finish: 'Zinc plated' } },
        { name: 'E-Coated', specs: { Finish: 'E-coated' } },
        'OE Replacement',
      ],
      positions: ['Front', 'Rear'],
      priceUsd: [32, 160],
      fitment: ['model', 'trim'],
      quantity: 2,
      specs: [
        ['Finish', ['E-coated', 'Zinc plated', 'Black']],
        ['Rotor Design', ['Vented', 'Solid']],
      ],
    },
    {
      name: 'Brake Calipers',
      handle: 'brake-calipers',
      titles: ['{brand} {variant} Brake Caliper with Bracket'],
      variants: ['Remanufactured', 'New', 'Loaded'],
      positions: ['Front Left', 'Front Right', 'Rear Left', 'Rear Right'],
      priceUsd: [38, 140],
      fitment: ['model', 'trim'],
      core: true,
      specs: [
        ['Bracket Included', ['Yes']],
        ['Piston Count', ['1', '2']],
      ],
    },
    {
      name: 'Brake Fluid',
      handle: 'brake-fluid',
      titles: ['{brand} {variant} Brake Fluid, 32 oz'],
      variants: [
        { name: 'DOT 3', specs: { 'Dry Boiling Point': '401 F' } },
        { name: 'DOT 4', specs: { 'Dry Boiling Point': '446 F' } },
        { name: 'DOT 5.1', specs: { 'Dry Boiling Point': '500 F' } },
      ],
      priceUsd: [8, 22],
      fitment: ['universal'],
      specs: [['Dry Boiling Point', ['446 F']]],
    },
  ],
};

export const SUSPENSION: TopCategory = {
  name: 'Suspension & Steering',
  handle: 'suspension-steering',
  color: '#2e7d32',
  parts: [
    {
      name: 'Shocks & Struts',
      handle: 'shocks-struts',
      titles: ['{brand} {variant} Strut Assembly', '{brand} {variant} Shock Absorber'],
      variants: [
        { name: 'Complete', specs: { 'Mount Included': 'Yes' } },
        'Gas-Charged',
        'Heavy Duty',
        'OE Replacement',
      ],
      positions: ['Front', 'Rear', 'Front Left', 'Front Right'],
      priceUsd: [45, 260],
      fitment: ['model', 'trim'],
      specs: [
        ['Ride Height', ['Stock']],
        ['Mount Included', ['Yes', 'No']],
      ],
      note: ['With Standard Suspension', 'Without Electronic Suspension'],
    },
    {
      name: 'Control Arms',
      handle: 'control-arms',
      titles: ['{brand} {variant} Control Arm and Ball Joint Assembly'],
      variants: ['Lower', 'Upper', 'Forged Lower'],
      positions: ['Front Left', 'Front Right'],
      priceUsd: [39, 190],
      fitment: ['model', 'trim'],
      specs: [
        ['Ball Joint Included', ['Yes']],
        ['Bushings Included', ['Yes']],
      ],
    },
    {
      name: 'Tie Rod Ends',
      handle: 'tie-rod-ends',
      titles: ['{brand} {variant} Tie Rod End'],
      variants: [
        { name: 'Inner', specs: { Greasable: 'No' } },
        'Outer',
        { name: 'Greasable', specs: { Greasable: 'Yes' } },
      ],
      positions: ['Front Left', 'Front Right'],
      priceUsd: [14, 65],
      fitment: ['model'],
      specs: [['Greasable', ['Yes', 'No']]],
    },
    {
      name: 'Wheel Hubs & Bearings',
      handle: 'wheel-hubs-bearings',
      titles: ['{brand} {variant} Wheel Bearing and Hub Assembly'],
      variants: ['OE Replacement', 'Heavy Duty'],
      positions: ['Front', 'Rear'],
      priceUsd: [42, 210],
      fitment: ['model', 'trim'],
      specs: [
        ['ABS Sensor', ['Included', 'Not Included']],
        ['Bolt Count', ['4', '5', '6']],
      ],
      note: ['With ABS'],
    },
  ],
};

const PLUG_FAQ: [string, string] = [
  'Are these pre-gapped?',
  'Yes, they come gapped for the listed engines; check the gap before installing all the same.',
];

export const ENGINE: TopCategory = {
  name: 'Engine & Cooling',
  handle: 'engine-cooling',
  color: '#1565c0',
  parts: [
    {
      name: 'Radiators',
      handle: 'radiators',
      titles: ['{brand} {variant} Radiator'],
      variants: [{ name: 'Aluminum Core', specs: { 'Core Material': 'Aluminum' } }, 'OE Replacement', '2-Row'],
      priceUsd: [89, 340],
      fitment: ['engine', 'model'],
      engine: 'fuel',
      specs: [
        ['Core Material', ['Aluminum', 'Copper/Brass']],
        ['Transmission Cooler', ['Yes', 'No']],
      ],
    },
    {
      name: 'Water Pumps',
      handle: 'water-pumps',
      titles: ['{brand} {variant} Water Pump'],
      variants: ['With Gasket', 'OE Replacement'],
      priceUsd: [35, 160],
      fitment: ['engine'],
      engine: 'fuel',
      specs: [['Gasket Included', ['Yes']]],
    },
    {
      name: 'Spark Plugs',
      handle: 'spark-plugs',
      titles: ['{brand} {variant} Spark Plugs, Set of {count}'],
      variants: [
        { name: 'Iridium', specs: { Electrode: 'Iridium' } },
        { name: 'Platinum', specs: { Electrode: 'Platinum' } },
        { name: 'Double Platinum', specs: { Electrode: 'Double Platinum' } },
      ],
      priceUsd: [18, 96],
      fitment: ['engine'],
      engine: 'spark',
      specs: [
        ['Electrode', ['Iridium']],
        ['Gap', ['0.044 in.', '0.052 in.']],
      ],
      faqs: [PLUG_FAQ],
    },
    {
      name: 'Ignition Coils',
      handle: 'ignition-coils',
      titles: ['{brand} {variant} Ignition Coil'],
      variants: ['OE Replacement', 'High Output'],
      priceUsd: [22, 90],
      fitment: ['engine'],
      engine: 'spark',
      specs: [['Connector', ['3-pin', '4-pin']]],
    },
    {
      name: 'Air Filters',
      handle: 'air-filters',
      titles: ['{brand} {variant} Engine Air Filter {size}'],
      variants: [
        { name: 'Standard', specs: { 'Filter Media': 'Cellulose' } },
        { name: 'Washable Performance', specs: { 'Filter Media': 'Cotton Gauze' } },
        { name: 'Extra Guard', specs: { 'Filter Media': 'Synthetic Blend' } },
      ],
      sizes: { label: 'Filter Number', values: ['CA'] },
      priceUsd: [9, 59],
      fitment: ['model'],
      engine: 'fuel',
      specs: [['Filter Media', ['Cellulose']]],
    },
    {
      name: 'Oil Filters',
      handle: 'oil-filters',
      titles: ['{brand} {variant} Oil Filter'],
      variants: [
        { name: 'Standard', specs: { 'Filter Media': 'Cellulose', 'Change Interval': 'Up to 5,000 miles' } },
        { name: 'High Mileage', specs: { 'Filter Media': 'Synthetic Blend', 'Change Interval': 'Up to 7,500 miles' } },
        {
          name: 'Synthetic Extended Life',
          specs: { 'Filter Media': 'Full Synthetic', 'Change Interval': 'Up to 10,000 miles' },
        },
      ],
      priceUsd: [6, 18],
      fitment: ['engine'],
      engine: 'fuel',
      specs: [
        ['Filter Media', ['Cellulose']],
        ['Change Interval', ['Up to 5,000 miles']],
        ['Anti-Drainback Valve', ['Silicone', 'Nitrile']],
      ],
      faqs: [['Does it come with a new gasket?', 'Yes, the sealing gasket is molded on; lube it with clean oil.']],
    },
    {
      name: 'Thermostats',
      handle: 'thermostats',
      titles: ['{brand} {variant} Engine Coolant Thermostat'],
      variants: ['With Housing', 'OE Temperature'],
      priceUsd: [12, 75],
      fitment: ['engine'],
      engine: 'fuel',
      specs: [['Opening Temperature', ['180 F', '195 F', '203 F']]],
    },
  ],
};
