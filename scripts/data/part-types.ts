// The parts a real auto-parts shop sells, by category: how they are named, priced and fitted.

/** How a part's fitment is shaped: by model-year range, by trim, by engine, universal or none. */
export type FitmentStyle = 'model' | 'trim' | 'engine' | 'universal' | 'none';

export interface PartType {
  name: string; // leaf back category, e.g. 'Brake Pads'
  handle: string;
  titles: string[]; // templates: {brand} {variant} {name} {position} ...
  variants: string[];
  positions?: string[];
  priceUsd: [number, number]; // dollars
  fitment: FitmentStyle[]; // allowed styles, first is most common
  quantity?: number;
  specs: [string, string[]][];
  faqs?: [string, string][];
  note?: string[];
  core?: boolean; // carries a refundable core charge
  carb?: boolean; // emissions part: may not be sold in California / Canada limits
}

export interface TopCategory {
  name: string;
  handle: string;
  color: string;
  parts: PartType[];
}

const WARRANTY = ['1-Year Limited', '2-Year Limited', 'Limited Lifetime', '90-Day'];

export const CATALOG: TopCategory[] = [
  {
    name: 'Brakes',
    handle: 'brakes',
    color: '#c62828',
    parts: [
      {
        name: 'Brake Pads',
        handle: 'brake-pads',
        titles: ['{brand} {variant} Brake Pad Set', '{brand} {variant} Disc Brake Pads'],
        variants: ['Ceramic', 'Semi-Metallic', 'Low-Dust Ceramic', 'Performance Carbon-Ceramic', 'Severe Duty'],
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
          [
            'Do I need to resurface my rotors?',
            'We recommend new or resurfaced rotors for the best bedding and pedal feel.',
          ],
        ],
        note: ['With 4-Wheel Disc Brakes', 'With Heavy Duty Brakes', 'Without Electronic Parking Brake'],
      },
      {
        name: 'Brake Rotors',
        handle: 'brake-rotors',
        titles: ['{brand} {variant} Brake Rotor', '{brand} {variant} Disc Brake Rotor Pair'],
        variants: ['Vented', 'Drilled and Slotted', 'Coated', 'OE Replacement'],
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
        variants: ['DOT 3', 'DOT 4', 'DOT 5.1'],
        priceUsd: [8, 22],
        fitment: ['universal'],
        specs: [['Dry Boiling Point', ['446 F', '500 F']]],
      },
    ],
  },
  {
    name: 'Lighting',
    handle: 'lighting',
    color: '#f9a825',
    parts: [
      {
        name: 'Headlights',
        handle: 'headlights',
        titles: ['{brand} {variant} Headlight Assembly', '{brand} {variant} Headlamp'],
        variants: ['Halogen', 'LED Projector', 'OE Style', 'Black Housing'],
        positions: ['Driver Side', 'Passenger Side', 'Pair'],
        priceUsd: [69, 420],
        fitment: ['model', 'trim'],
        specs: [
          ['Bulbs Included', ['Yes', 'No']],
          ['DOT/SAE Compliant', ['Yes']],
          ['Lens Color', ['Clear', 'Smoked']],
        ],
        note: ['With Halogen Headlights', 'Without Adaptive Headlights'],
        faqs: [
          ['Is this plug-and-play?', 'Yes, it uses the factory connector and mounting points for the listed vehicles.'],
        ],
      },
      {
        name: 'Tail Lights',
        handle: 'tail-lights',
        titles: ['{brand} {variant} Tail Light Assembly'],
        variants: ['OE Style', 'LED', 'Smoked'],
        positions: ['Driver Side', 'Passenger Side', 'Pair'],
        priceUsd: [45, 260],
        fitment: ['model', 'trim'],
        specs: [['Lens Color', ['Red', 'Red/Clear', 'Smoked']]],
      },
      {
        name: 'Fog Lights',
        handle: 'fog-lights',
        titles: ['{brand} {variant} Fog Light Kit'],
        variants: ['Halogen', 'LED', 'Amber LED'],
        priceUsd: [39, 180],
        fitment: ['model'],
        specs: [['Wiring Harness', ['Included']]],
      },
      {
        name: 'Light Bulbs',
        handle: 'light-bulbs',
        titles: ['{brand} {variant} Headlight Bulbs, 2-Pack'],
        variants: ['H11 LED', '9005 Halogen', 'H7 LED', '9006 Halogen', 'H4 LED'],
        priceUsd: [12, 79],
        fitment: ['model', 'trim'],
        quantity: 2,
        specs: [['Color Temperature', ['3200K', '6000K']]],
      },
      {
        name: 'LED Light Bars',
        handle: 'led-light-bars',
        titles: ['{brand} {variant} LED Light Bar'],
        variants: ['20 in. Single Row', '32 in. Dual Row', '50 in. Curved'],
        priceUsd: [49, 299],
        fitment: ['universal'],
        specs: [
          ['Beam Pattern', ['Spot', 'Flood', 'Combo']],
          ['IP Rating', ['IP67', 'IP68']],
        ],
      },
    ],
  },
  {
    name: 'Body',
    handle: 'body',
    color: '#455a64',
    parts: [
      {
        name: 'Side Mirrors',
        handle: 'side-mirrors',
        titles: ['{brand} {variant} Side View Mirror'],
        variants: ['Power Heated', 'Manual', 'Power Folding', 'Power with Signal'],
        positions: ['Driver Side', 'Passenger Side'],
        priceUsd: [35, 240],
        fitment: ['trim', 'model'],
        specs: [
          ['Glass', ['Heated', 'Non-heated']],
          ['Finish', ['Paint to Match', 'Textured Black', 'Chrome']],
        ],
      },
      {
        name: 'Bumper Covers',
        handle: 'bumper-covers',
        titles: ['{brand} {variant} Bumper Cover'],
        variants: ['Primed', 'Textured', 'CAPA Certified'],
        positions: ['Front', 'Rear'],
        priceUsd: [89, 380],
        fitment: ['model', 'trim'],
        specs: [['Material', ['Plastic', 'TPO']]],
      },
      {
        name: 'Grilles',
        handle: 'grilles',
        titles: ['{brand} {variant} Grille Assembly'],
        variants: ['Chrome', 'Black Honeycomb', 'OE Style'],
        priceUsd: [59, 320],
        fitment: ['model', 'trim'],
        specs: [['Finish', ['Chrome', 'Gloss Black', 'Matte Black']]],
      },
      {
        name: 'Fenders',
        handle: 'fenders',
        titles: ['{brand} {variant} Fender'],
        variants: ['Primed Steel', 'CAPA Certified'],
        positions: ['Front Left', 'Front Right'],
        priceUsd: [65, 260],
        fitment: ['model'],
        specs: [['Material', ['Steel', 'Aluminum']]],
      },
    ],
  },
  {
    name: 'Suspension & Steering',
    handle: 'suspension-steering',
    color: '#2e7d32',
    parts: [
      {
        name: 'Shocks & Struts',
        handle: 'shocks-struts',
        titles: ['{brand} {variant} Strut Assembly', '{brand} {variant} Shock Absorber'],
        variants: ['Complete Quick', 'Gas-Charged', 'Heavy Duty', 'OE Replacement'],
        positions: ['Front Left', 'Front Right', 'Rear'],
        priceUsd: [45, 260],
        fitment: ['model', 'trim', 'engine'],
        specs: [
          ['Ride Height', ['Stock', '2 in. Lift']],
          ['Mount Included', ['Yes', 'No']],
        ],
        note: ['With Standard Suspension', 'Without Electronic Suspension', '4WD'],
      },
      {
        name: 'Control Arms',
        handle: 'control-arms',
        titles: ['{brand} {variant} Control Arm and Ball Joint Assembly'],
        variants: ['Lower', 'Upper', 'Forged'],
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
        variants: ['Inner', 'Outer', 'Greasable'],
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
        note: ['AWD', 'FWD', 'With ABS'],
      },
    ],
  },
  {
    name: 'Engine & Cooling',
    handle: 'engine-cooling',
    color: '#1565c0',
    parts: [
      {
        name: 'Radiators',
        handle: 'radiators',
        titles: ['{brand} {variant} Radiator'],
        variants: ['Aluminum Core', 'OE Replacement', '2-Row'],
        priceUsd: [89, 340],
        fitment: ['engine', 'model'],
        specs: [
          ['Core Material', ['Aluminum', 'Copper/Brass']],
          ['Transmission Cooler', ['Yes', 'No']],
        ],
      },
      {
        name: 'Water Pumps',
        handle: 'water-pumps',
        titles: ['{brand} {variant} Water Pump'],
        variants: ['With Gasket', 'Engine Water Pump'],
        priceUsd: [35, 160],
        fitment: ['engine'],
        specs: [['Gasket Included', ['Yes']]],
      },
      {
        name: 'Spark Plugs',
        handle: 'spark-plugs',
        titles: ['{brand} {variant} Spark Plug Set'],
        variants: ['Iridium', 'Platinum', 'Double Platinum'],
        priceUsd: [18, 96],
        fitment: ['engine'],
        specs: [
          ['Electrode', ['Iridium', 'Platinum']],
          ['Gap', ['0.044 in.', '0.052 in.']],
        ],
      },
      {
        name: 'Ignition Coils',
        handle: 'ignition-coils',
        titles: ['{brand} {variant} Ignition Coil Pack'],
        variants: ['OE Replacement', 'High Output'],
        priceUsd: [22, 180],
        fitment: ['engine'],
        specs: [['Quantity', ['1', '4', '6', '8']]],
      },
      {
        name: 'Air Filters',
        handle: 'air-filters',
        titles: ['{brand} {variant} Engine Air Filter'],
        variants: ['Standard', 'Washable Performance', 'Extra Guard'],
        priceUsd: [9, 59],
        fitment: ['engine', 'model'],
        specs: [['Filter Media', ['Cellulose', 'Cotton Gauze', 'Synthetic']]],
      },
      {
        name: 'Thermostats',
        handle: 'thermostats',
        titles: ['{brand} {variant} Engine Coolant Thermostat'],
        variants: ['With Housing', 'OE Temperature'],
        priceUsd: [12, 75],
        fitment: ['engine'],
        specs: [['Opening Temperature', ['180 F', '195 F', '203 F']]],
      },
    ],
  },
  {
    name: 'Exhaust',
    handle: 'exhaust',
    color: '#6d4c41',
    parts: [
      {
        name: 'Catalytic Converters',
        handle: 'catalytic-converters',
        titles: ['{brand} {variant} Catalytic Converter'],
        variants: ['Direct-Fit', 'EPA Compliant', 'CARB Compliant'],
        priceUsd: [129, 690],
        fitment: ['engine'],
        carb: true,
        specs: [['Emissions', ['49-State (not legal in California)', 'CARB EO Approved']]],
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
        specs: [['Inlet Diameter', ['2.25 in.', '2.5 in.', '3 in.']]],
      },
      {
        name: 'Oxygen Sensors',
        handle: 'oxygen-sensors',
        titles: ['{brand} {variant} Oxygen Sensor'],
        variants: ['Upstream', 'Downstream', 'Air/Fuel Ratio'],
        priceUsd: [24, 120],
        fitment: ['engine'],
        specs: [['Wires', ['4', '5']]],
      },
      {
        name: 'Exhaust Manifolds',
        handle: 'exhaust-manifolds',
        titles: ['{brand} {variant} Exhaust Manifold Kit'],
        variants: ['Cast Iron', 'Stainless Header'],
        positions: ['Driver Side', 'Passenger Side'],
        priceUsd: [79, 360],
        fitment: ['engine'],
        specs: [['Gaskets Included', ['Yes']]],
      },
    ],
  },
  {
    name: 'Electrical',
    handle: 'electrical',
    color: '#6a1b9a',
    parts: [
      {
        name: 'Alternators',
        handle: 'alternators',
        titles: ['{brand} {variant} Alternator'],
        variants: ['Remanufactured', 'New', 'High Output'],
        priceUsd: [119, 420],
        fitment: ['engine'],
        core: true,
        specs: [['Amperage', ['130A', '160A', '220A']]],
      },
      {
        name: 'Starters',
        handle: 'starters',
        titles: ['{brand} {variant} Starter Motor'],
        variants: ['Remanufactured', 'New'],
        priceUsd: [89, 310],
        fitment: ['engine'],
        core: true,
        specs: [['Kilowatt', ['1.2 kW', '1.4 kW', '1.7 kW']]],
      },
      {
        name: 'Batteries',
        handle: 'batteries',
        titles: ['{brand} {variant} Automotive Battery'],
        variants: ['AGM Group 48', 'Flooded Group 35', 'AGM Group 94R', 'Flooded Group 65'],
        priceUsd: [119, 289],
        fitment: ['model', 'engine'],
        core: true,
        specs: [
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
  },
  {
    name: 'Interior',
    handle: 'interior',
    color: '#00838f',
    parts: [
      {
        name: 'Floor Mats',
        handle: 'floor-mats',
        titles: ['{brand} {variant} Floor Mats, {count}-Piece'],
        variants: ['All-Weather Rubber', 'Trim-to-Fit Carpet', 'Heavy Duty Trimmable'],
        priceUsd: [19, 129],
        fitment: ['universal', 'universal', 'model'],
        specs: [
          ['Material', ['Rubber', 'Carpet', 'TPE']],
          ['Color', ['Black', 'Gray', 'Tan']],
        ],
      },
      {
        name: 'Seat Covers',
        handle: 'seat-covers',
        titles: ['{brand} {variant} Seat Covers'],
        variants: ['Neoprene', 'Leatherette', 'Canvas Work'],
        priceUsd: [29, 189],
        fitment: ['universal'],
        specs: [['Airbag Compatible', ['Yes']]],
      },
      {
        name: 'Cabin Air Filters',
        handle: 'cabin-air-filters',
        titles: ['{brand} {variant} Cabin Air Filter'],
        variants: ['Activated Carbon', 'Particulate', 'HEPA-Style'],
        priceUsd: [9, 39],
        fitment: ['model'],
        specs: [['Filter Type', ['Carbon', 'Particulate']]],
      },
      {
        name: 'Dash Covers',
        handle: 'dash-covers',
        titles: ['{brand} {variant} Dash Cover'],
        variants: ['Molded Carpet', 'Velour'],
        priceUsd: [35, 99],
        fitment: ['model'],
        specs: [['Color', ['Black', 'Gray', 'Beige']]],
      },
    ],
  },
  {
    name: 'Wheels & Tires',
    handle: 'wheels-tires',
    color: '#37474f',
    parts: [
      {
        name: 'Wheel Spacers',
        handle: 'wheel-spacers',
        titles: ['{brand} {variant} Hub-Centric Wheel Spacers'],
        variants: ['1 in.', '1.25 in.', '1.5 in.'],
        priceUsd: [39, 119],
        fitment: ['model'],
        quantity: 2,
        specs: [['Bolt Pattern', ['5x114.3', '6x135', '5x120']]],
      },
      {
        name: 'Lug Nuts',
        handle: 'lug-nuts',
        titles: ['{brand} {variant} Lug Nut Kit, 20-Piece'],
        variants: ['Chrome Acorn', 'Black Spline', 'Locking'],
        priceUsd: [14, 49],
        fitment: ['universal', 'model'],
        quantity: 20,
        specs: [['Thread Size', ['M12x1.5', 'M14x1.5', '1/2-20']]],
      },
      {
        name: 'TPMS Sensors',
        handle: 'tpms-sensors',
        titles: ['{brand} {variant} TPMS Sensor'],
        variants: ['315 MHz', '433 MHz', 'Programmable'],
        priceUsd: [19, 69],
        fitment: ['model', 'trim'],
        specs: [['Frequency', ['315 MHz', '433 MHz']]],
      },
      {
        name: 'Wheel Covers',
        handle: 'wheel-covers',
        titles: ['{brand} {variant} Wheel Covers, Set of 4'],
        variants: ['15 in. Silver', '16 in. Black', '17 in. Chrome'],
        priceUsd: [24, 79],
        fitment: ['universal'],
        quantity: 4,
        specs: [['Diameter', ['15 in.', '16 in.', '17 in.']]],
      },
    ],
  },
  {
    name: 'Accessories',
    handle: 'accessories',
    color: '#ad1457',
    parts: [
      {
        name: 'Car Covers',
        handle: 'car-covers',
        titles: ['{brand} {variant} Car Cover'],
        variants: ['Outdoor Waterproof', 'Indoor Dust', 'All-Season'],
        priceUsd: [39, 199],
        fitment: ['universal'],
        specs: [['Layers', ['3', '5']]],
      },
      {
        name: 'Diagnostic Tools',
        handle: 'diagnostic-tools',
        titles: ['{brand} {variant}'],
        variants: ['OBD2 Code Reader', 'Bluetooth OBD2 Scanner', 'Bi-Directional Scan Tool', 'Battery Tester'],
        priceUsd: [19, 399],
        fitment: ['none'],
        specs: [['Protocols', ['All OBD2', 'OBD2 + CAN FD']]],
      },
      {
        name: 'Garage Tools',
        handle: 'garage-tools',
        titles: ['{brand} {variant}'],
        variants: [
          '3-Ton Floor Jack',
          'Jack Stands, Pair',
          '1/2 in. Torque Wrench',
          'Brake Caliper Piston Tool Kit',
          'Oil Filter Wrench Set',
        ],
        priceUsd: [14, 249],
        fitment: ['none'],
        specs: [['Capacity', ['3 Ton', '6 Ton', 'N/A']]],
      },
      {
        name: 'Phone Mounts',
        handle: 'phone-mounts',
        titles: ['{brand} {variant} Phone Mount'],
        variants: ['Vent Clip', 'Dash Suction', 'Magnetic Wireless Charging'],
        priceUsd: [12, 59],
        fitment: ['universal'],
        specs: [['Charging', ['No', '15W Wireless']]],
      },
      {
        name: 'Merchandise',
        handle: 'merchandise',
        titles: ['{brand} {variant}'],
        variants: ['Logo Cap', 'Shop T-Shirt', 'Insulated Tumbler', 'Microfiber Towel 6-Pack'],
        priceUsd: [9, 35],
        fitment: ['none'],
        specs: [['Size', ['One Size', 'M', 'L', 'XL']]],
      },
    ],
  },
];

export const BRANDS = [
  { name: 'AutoHaven Pro', abbreviation: 'AHP', self: true },
  { name: 'DuraStop', abbreviation: 'DS' },
  { name: 'BrightPath Lighting', abbreviation: 'BPL' },
  { name: 'IronClad Auto', abbreviation: 'ICA' },
  { name: 'NorthRidge Suspension', abbreviation: 'NRS' },
  { name: 'TorqueMaster', abbreviation: 'TQM' },
  { name: 'FlowMax Exhaust', abbreviation: 'FMX' },
  { name: 'Voltline Electric', abbreviation: 'VLE' },
  { name: 'ClearView Optics', abbreviation: 'CVO' },
  { name: 'TrailGuard', abbreviation: 'TG' },
  { name: 'PrimeFit Interiors', abbreviation: 'PFI' },
  { name: 'Redline Motorworks', abbreviation: 'RLM' },
] as const;

export const WARRANTIES = WARRANTY;
