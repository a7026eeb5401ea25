// Lighting, body, interior, wheels and accessories: the categories of the outfitting side.
import type { TopCategory } from './part-types.ts';

export const LIGHTING: TopCategory = {
  name: 'Lighting',
  handle: 'lighting',
  color: '#f9a825',
  parts: [
    {
      name: 'Headlights',
      handle: 'headlights',
      titles: ['{brand} {variant} Headlight Assembly', '{brand} {variant} Headlamp'],
      variants: [
        { name: 'Halogen', specs: { 'Bulbs Included': 'No' } },
        { name: 'LED Projector', specs: { 'Bulbs Included': 'Yes' } },
        'OE Style',
        { name: 'Black Housing', specs: { 'Lens Color': 'Clear' } },
      ],
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
      variants: ['OE Style', 'LED', { name: 'Smoked', specs: { 'Lens Color': 'Smoked' } }],
      positions: ['Driver Side', 'Passenger Side', 'Pair'],
      priceUsd: [45, 260],
      fitment: ['model', 'trim'],
      specs: [['Lens Color', ['Red', 'Red/Clear']]],
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
      name: 'Headlight Bulbs',
      handle: 'light-bulbs',
      titles: ['{brand} {size} {variant} Headlight Bulbs, 2-Pack'],
      variants: [
        { name: 'Halogen', specs: { Technology: 'Halogen', 'Color Temperature': '3200K' } },
        { name: 'Long Life Halogen', specs: { Technology: 'Halogen', 'Color Temperature': '3100K' } },
        { name: 'LED', specs: { Technology: 'LED', 'Color Temperature': '6000K' } },
      ],
      sizes: { label: 'Bulb Size', values: ['H11', '9005', 'H7', '9006', 'H4', '9012', 'H13', 'H1'] },
      priceUsd: [12, 79],
      fitment: ['model'],
      quantity: 2,
      specs: [
        ['Technology', ['Halogen']],
        ['Color Temperature', ['3200K']],
      ],
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
};

export const BODY: TopCategory = {
  name: 'Body',
  handle: 'body',
  color: '#455a64',
  parts: [
    {
      name: 'Side Mirrors',
      handle: 'side-mirrors',
      titles: ['{brand} {variant} Side View Mirror'],
      variants: [
        { name: 'Power Heated', specs: { Glass: 'Heated' } },
        { name: 'Manual', specs: { Glass: 'Non-heated' } },
        'Power Folding',
        'Power with Signal',
      ],
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
      variants: [
        { name: 'Chrome', specs: { Finish: 'Chrome' } },
        { name: 'Black Honeycomb', specs: { Finish: 'Gloss Black' } },
        'OE Style',
      ],
      priceUsd: [59, 320],
      fitment: ['model', 'trim'],
      specs: [['Finish', ['Chrome', 'Gloss Black', 'Matte Black']]],
    },
    {
      name: 'Fenders',
      handle: 'fenders',
      titles: ['{brand} {variant} Fender'],
      variants: [{ name: 'Primed Steel', specs: { Material: 'Steel' } }, 'CAPA Certified'],
      positions: ['Front Left', 'Front Right'],
      priceUsd: [65, 260],
      fitment: ['model'],
      specs: [['Material', ['Steel']]],
    },
    {
      name: 'Wiper Blades',
      handle: 'wiper-blades',
      titles: ['{brand} {variant} Wiper Blade, {size}'],
      variants: [
        { name: 'Beam', specs: { 'Blade Type': 'Beam' } },
        { name: 'Hybrid', specs: { 'Blade Type': 'Hybrid' } },
        { name: 'All-Season Conventional', specs: { 'Blade Type': 'Conventional' } },
        { name: 'Winter', specs: { 'Blade Type': 'Winter' } },
      ],
      sizes: {
        label: 'Length',
        values: ['14 in.', '16 in.', '17 in.', '18 in.', '19 in.', '20 in.', '21 in.', '22 in.', '24 in.', '26 in.'],
      },
      priceUsd: [9, 32],
      fitment: ['model'],
      specs: [
        ['Blade Type', ['Beam']],
        ['Connector', ['J-Hook', 'Pinch Tab', 'Side Pin']],
      ],
      faqs: [['Does it come as a pair?', 'No, one blade; the fitment table shows which side it fits on your vehicle.']],
    },
  ],
};

export const INTERIOR: TopCategory = {
  name: 'Interior',
  handle: 'interior',
  color: '#00838f',
  parts: [
    {
      name: 'Floor Mats',
      handle: 'floor-mats',
      titles: ['{brand} {variant} Floor Mats, {count}-Piece'],
      variants: [
        { name: 'All-Weather Rubber', specs: { Material: 'Rubber' } },
        { name: 'Trim-to-Fit Carpet', specs: { Material: 'Carpet' } },
        { name: 'Heavy Duty Trimmable', specs: { Material: 'TPE' } },
      ],
      priceUsd: [19, 129],
      fitment: ['universal', 'universal', 'model'],
      specs: [
        ['Material', ['Rubber']],
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
      titles: ['{brand} {variant} Cabin Air Filter {size}'],
      variants: [
        { name: 'Activated Carbon', specs: { 'Filter Type': 'Carbon' } },
        { name: 'Particulate', specs: { 'Filter Type': 'Particulate' } },
        { name: 'HEPA-Style', specs: { 'Filter Type': 'HEPA-style' } },
      ],
      sizes: { label: 'Filter Number', values: ['CF'] },
      priceUsd: [9, 39],
      fitment: ['model'],
      specs: [['Filter Type', ['Particulate']]],
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
};
