// Review and FAQ text for generated items, believable and varied.
import type { PartType } from './part-types.ts';
import type { Random } from './random.ts';

const NAMES = [
  'Mike R.',
  'Jessica T.',
  'Carlos M.',
  'Dave K.',
  'Priya S.',
  'Tom W.',
  'Ashley B.',
  'Luis G.',
  'Karen P.',
  'Ben O.',
  'Marie-Claude L.',
  'Jamal H.',
  'Steve D.',
  'Nicole F.',
  'Ray C.',
];
const VEHICLES = [
  '2014 Honda Civic',
  '2011 Ford F-150',
  '2017 Toyota Camry',
  '2009 Chevrolet Silverado 1500',
  '2016 Jeep Wrangler',
  '2013 Nissan Altima',
  '2019 Ram 1500',
  '2012 Hyundai Elantra',
  '2018 Subaru Outback',
  '2008 Dodge Grand Caravan',
];

const BY_RATING: Record<number, { titles: string[]; bodies: string[] }> = {
  5: {
    titles: ['Perfect fit', 'Exactly like the original', 'Great value', 'Easy install', 'Would buy again'],
    bodies: [
      'Bolted right on, no modifications. Took about an hour in the driveway.',
      'Fit and finish match the factory part. Shipping was faster than expected.',
      'Half the price of the dealer and I cannot tell the difference.',
      'Fitment checker was right, it fit my vehicle perfectly.',
    ],
  },
  4: {
    titles: ['Good part', 'Works well', 'Solid replacement'],
    bodies: [
      'Good quality. One bracket needed a little persuasion but it fit.',
      'Works as described. Instructions could be better.',
      'Does the job, packaging was a bit thin but the part was fine.',
    ],
  },
  3: {
    titles: ['It is okay', 'Average'],
    bodies: [
      'Fits, but the finish is not as nice as the original.',
      'Took longer to install than expected; part itself seems fine.',
    ],
  },
  2: {
    titles: ['Fit was off', 'Not great'],
    bodies: ['Needed to elongate one hole to line it up.', 'Works, but it is noisier than the one it replaced.'],
  },
  1: {
    titles: ['Wrong for my trim', 'Disappointed'],
    bodies: [
      'Did not match my trim even though the base model fits. Returned it without trouble.',
      'Arrived with a cracked housing. Support sent a replacement quickly.',
    ],
  },
};

export function reviewFor(random: Random, partName: string, rating: number) {
  const text = BY_RATING[rating]!;
  return {
    rating,
    title: random.pick(text.titles),
    content: `${random.pick(text.bodies)} (${partName.toLowerCase()})`,
    name: random.pick(NAMES),
    vehicle: random.pick(VEHICLES),
  };
}

const GENERAL_FAQ: [string, string][] = [
  [
    'Will this fit my vehicle?',
    'Add your vehicle to the garage: the page shows whether this part fits, ' +
      'and asks for the trim or engine when that decides it.',
  ],
  [
    'Is there a warranty?',
    'Yes. The warranty term is listed in the specifications; claims are handled from your order history.',
  ],
  ['How fast does it ship?', 'In-stock parts ship the same business day when ordered before 3 pm Eastern.'],
];

export function faqFor(random: Random, part: PartType): { question: string; answer: string; sort: number }[] {
  const pool = [...(part.faqs ?? []), ...GENERAL_FAQ];
  const count = random.int(0, Math.min(3, pool.length));
  return random.sample(pool, count).map(([question, answer], sort) => ({ question, answer, sort }));
}
