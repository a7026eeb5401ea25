// Review and Q&A text for generated items: varied in length, rating, wording, pros and cons,
// and a reviewer's vehicle only when the part fits it.
import type { FitContext } from './catalog-fit.ts';
import type { PartRecord } from './catalog-record.ts';
import type { PartType } from './part-types.ts';
import type { Random } from './random.ts';

const FIRST = [
  'Mike',
  'Jessica',
  'Carlos',
  'Dave',
  'Priya',
  'Tom',
  'Ashley',
  'Luis',
  'Karen',
  'Ben',
  'Jamal',
  'Nicole',
];
const MORE = ['Marie-Claude', 'Steve', 'Ray', 'Hannah', 'Omar', 'Gail', 'Wes', 'Tanya', 'Devon', 'Rosa', 'Kyle', 'Amy'];
const HANDLES = ['wrenchdad', 'DIY_Dana', 'shopguy88', 'northernmech', 'weekendwrencher', 'gearhead_jo'];

/** What owners say about a kind of part, by handle; top categories fill in for the rest. */
const SAYS: Record<string, { good: string[]; bad: string[] }> = {
  'brake-pads': {
    good: [
      'Quiet stops, no squeal after bedding them in.',
      'Pedal feels firmer than the worn set.',
      'Very little dust on the wheels so far.',
    ],
    bad: ['A light squeal at low speed the first week.', 'More dust than I expected for ceramic.'],
  },
  'brake-rotors': {
    good: ['No more steering-wheel shake when stopping.', 'Coating kept them from rusting through winter.'],
    bad: ['Had to clean off a lot of oil film first.', 'One rotor had a slight runout I had to correct.'],
  },
  'oil-filters': {
    good: ['Threads spun on smooth and the gasket sealed first try.', 'Good build, the can feels solid.'],
    bad: ['Harder to grip for removal than the old one.', 'Box was crushed, filter was fine.'],
  },
  'air-filters': {
    good: ['Dropped right into the airbox, clips lined up.', 'Pleats are even and the seal is snug.'],
    bad: ['The rubber edge was a little tight to seat.'],
  },
  'cabin-air-filters': {
    good: ['The musty smell from the vents is gone.', 'Swapped it behind the glove box in five minutes.'],
    bad: ['Slightly thicker than stock, took some squeezing.'],
  },
  'wiper-blades': {
    good: ['Streak-free on the first rain.', 'Quiet, no chatter at highway speed.', 'Held up through ice and slush.'],
    bad: ['Started streaking after a few months.', 'The adapter clip was fiddly.'],
  },
  'spark-plugs': {
    good: ['Idle smoothed out right away.', 'Misfire code cleared and has not come back.', 'Came gapped correctly.'],
    bad: ['One plug was gapped wide, check them all.'],
  },
  'light-bulbs': {
    good: ['Much brighter than the old bulbs at night.', 'Beam pattern is clean, no glare complaints.'],
    bad: ['One bulb flickers now and then.', 'Color is whiter than I wanted.'],
  },
  batteries: {
    good: ['Cranks hard even on cold mornings.', 'Dropped right in, terminals on the correct side.'],
    bad: ['Heavier than the old one, watch your back.', 'Arrived at a low charge, needed a top-up.'],
  },
  alternators: {
    good: ['Voltage is steady at 14.2 now.', 'Battery light is off for good.'],
    bad: ['Pulley was slightly different, reused my old one.'],
  },
  starters: {
    good: ['Starts instantly, no more clicking.', 'Bolted up with the original hardware.'],
    bad: ['Solenoid terminal nut was loose out of the box.'],
  },
  'shocks-struts': {
    good: ['Ride is tight again, no more nose dive.', 'Complete assembly saved me a spring compressor.'],
    bad: ['A bit stiffer than factory.', 'Top nut needed a different socket than I had.'],
  },
  lighting: {
    good: ['Lens is clear and the housing matches the other side.', 'Aimed right out of the box.'],
    bad: ['A tab was a little off and needed trimming.'],
  },
  body: {
    good: ['Panel gaps lined up with the original.', 'Primer took paint nicely.'],
    bad: ['Needed some adjusting to line up the gaps.'],
  },
  interior: {
    good: ['Fits well and looks factory.', 'Easy to clean.'],
    bad: ['Color is a shade off from the pictures.'],
  },
};
const GENERAL = {
  good: [
    'Bolted right on, no modifications.',
    'Fit and finish match the factory part.',
    'Half the dealer price and I cannot tell the difference.',
    'Shipping was faster than promised.',
    'Instructions were clear.',
  ],
  bad: [
    'Instructions could be better.',
    'Packaging was thin, but the part survived.',
    'Took longer to install than I planned.',
    'Had to return the first one for a damaged box.',
  ],
};
const TITLES: Record<number, string[]> = {
  5: [
    'Perfect fit',
    'Exactly like the original',
    'Great value',
    'Easy install',
    'Would buy again',
    'Does the job well',
  ],
  4: ['Good part', 'Works well', 'Solid replacement', 'Happy with it', 'Minor quibbles'],
  3: ['It is okay', 'Average', 'Mixed feelings', 'Fine for the price'],
  2: ['Fit was off', 'Not great', 'Expected better'],
  1: ['Disappointed', 'Returned it', 'Would not buy again'],
};
const OPENERS = ['Replaced the old one at', 'Installed it at', 'Swapped it in at', 'Put this on at'];

const saysFor = (part: PartType, top: string) => SAYS[part.handle] ?? SAYS[top] ?? GENERAL;

/** A vehicle the part fits, as a reviewer would write it; null for tools and now and then by choice. */
function reviewerVehicle(random: Random, ctx: FitContext, record: PartRecord): string | null {
  if (record.style === 'none' || random.chance(0.25)) return null;
  let node = record.rows.length ? random.pick(record.rows).node : null;
  if (!node && ctx.popular.length) node = random.pick(ctx.tree.modelYears.get(random.pick(ctx.popular))!);
  if (!node) return null;
  const model = ctx.model.get(node.modelId!)!;
  return `${node.year} ${ctx.makeName.get(model.makeId)} ${model.name}`;
}

/** One review of a record, worded for its rating, its part and (sometimes) the reviewer's vehicle. */
export function reviewFor(random: Random, ctx: FitContext, record: PartRecord, rating: number) {
  const says = saysFor(record.leaf.part, record.leaf.top.handle);
  const good = [...says.good, ...GENERAL.good];
  const bad = [...says.bad, ...GENERAL.bad];
  const goodCount = rating >= 4 ? random.int(1, 3) : rating === 3 ? 1 : random.int(0, 1);
  const badCount = rating >= 5 ? random.int(0, 1) : rating >= 3 ? 1 : random.int(1, 2);
  const sentences = [...random.sample(good, goodCount), ...random.sample(bad, badCount)];
  const vehicle = reviewerVehicle(random, ctx, record);
  if (vehicle && random.chance(0.5)) sentences.unshift(`Bought it for my ${vehicle}.`);
  else if (random.chance(0.3)) sentences.unshift(`${random.pick(OPENERS)} ${random.int(40, 190)}k miles.`);
  let content = sentences.join(' ');
  if (random.chance(0.25)) {
    const pros = random.sample(says.good, 1).join('');
    const cons = badCount ? random.sample(says.bad, 1).join('') : 'None so far.';
    // One line: the fixture is run with D1's exec, which splits statements on newlines.
    content += ` Pros: ${pros} Cons: ${cons}`;
  }
  const name = random.chance(0.15)
    ? random.pick(HANDLES)
    : `${random.pick(random.chance(0.5) ? FIRST : MORE)} ${String.fromCharCode(65 + random.int(0, 25))}.`;
  return { rating, title: random.pick(TITLES[rating]!), content, name, vehicle };
}

const GENERAL_FAQ: [string, string][] = [
  [
    'Will this fit my vehicle?',
    'Add your vehicle to the garage: the page shows whether this part fits, ' +
      'and asks for the trim or engine when that decides it.',
  ],
  ['Is there a warranty?', 'Yes. The term is listed in the specifications; start a claim from your order history.'],
  ['How fast does it ship?', 'In-stock parts ship the same business day when ordered before 3 pm Eastern.'],
  ['Can I return it if it does not fit?', 'Yes, within 30 days in its original packaging, uninstalled.'],
];

/** A few questions and answers, the part's own first. */
export function faqFor(random: Random, part: PartType): { question: string; answer: string; sort: number }[] {
  const pool = [...(part.faqs ?? []), ...GENERAL_FAQ];
  const count = random.int(0, Math.min(3, pool.length));
  return random.sample(pool, count).map(([question, answer], sort) => ({ question, answer, sort }));
}
