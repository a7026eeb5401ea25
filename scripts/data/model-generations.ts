// The generations of the popular models (popular-models.ts), as US model years: a part made for a
// model fits one generation, because the body, lights, brakes and suspension change with it. Each
// list holds the first model year of each generation; a generation runs to the year before the
// next one starts (the last to the newest year the vehicle base has). Where a generation ran
// longer than about twelve years, its mid-cycle redesign (new frame, brakes or front end) starts
// a new entry, as parts catalogs split it: Crown Victoria 2003, Charger and 300 2015, Tundra 2014.
// Models not listed, and years before a model's first listed generation, are cut into spans of at
// most MAX_SPAN years.

/** The longest run of years a per-model part fits where the generations are not known. */
export const MAX_SPAN = 6;

const GENERATIONS: Record<string, Record<string, number[]>> = {
  Acura: { MDX: [2001, 2007, 2014, 2022], RDX: [2007, 2013, 2019] },
  Audi: { Q5: [2009, 2018, 2025] },
  BMW: { X5: [2000, 2007, 2014, 2019] },
  Buick: { Enclave: [2008, 2018, 2025], Encore: [2013] },
  Cadillac: { Escalade: [1999, 2002, 2007, 2015, 2021] },
  Chevrolet: {
    Avalanche: [2002, 2007],
    Blazer: [1995, 2019],
    Camaro: [1993, 2010, 2016],
    Cavalier: [1995],
    Cobalt: [2005],
    Colorado: [2004, 2015, 2023],
    Corvette: [1997, 2005, 2014, 2020],
    Cruze: [2011, 2016],
    Equinox: [2005, 2010, 2018, 2025],
    Express: [1996, 2003, 2008, 2018],
    Impala: [2000, 2006, 2014],
    Malibu: [1997, 2004, 2008, 2013, 2016],
    'Silverado 1500': [1999, 2007, 2014, 2019],
    'Silverado 2500 HD': [2001, 2007, 2011, 2015, 2020],
    'Silverado 3500 HD': [2001, 2007, 2011, 2015, 2020],
    Suburban: [1992, 2000, 2007, 2015, 2021],
    Tahoe: [1995, 2000, 2007, 2015, 2021],
    Trailblazer: [2002, 2021],
    Traverse: [2009, 2018, 2024],
    Trax: [2013, 2024],
  },
  Chrysler: {
    300: [1999, 2005, 2011, 2015],
    Pacifica: [2004, 2017],
    'PT Cruiser': [2001],
    'Town and Country': [1991, 1996, 2001, 2008],
  },
  Dodge: {
    Caliber: [2007],
    Challenger: [2008, 2015],
    Charger: [2006, 2011, 2015, 2024],
    Dakota: [1997, 2005],
    Durango: [1998, 2004, 2011],
    'Grand Caravan': [1991, 1996, 2001, 2008],
    Journey: [2009],
    'Ram 1500': [1994, 2002, 2009],
    'Ram 2500': [1994, 2003, 2010],
    'Ram 3500': [1994, 2003, 2010],
  },
  Ford: {
    Bronco: [1992, 2021],
    'Bronco Sport': [2021],
    'Crown Victoria': [1992, 1998, 2003],
    Edge: [2007, 2015],
    Escape: [2001, 2008, 2013, 2020],
    Expedition: [1997, 2003, 2007, 2018],
    Explorer: [1991, 1995, 2002, 2006, 2011, 2020],
    'F-150': [1992, 1997, 2004, 2009, 2015, 2021],
    'F-250 Super Duty': [1999, 2008, 2011, 2017, 2023],
    'F-350 Super Duty': [1999, 2008, 2011, 2017, 2023],
    Focus: [2000, 2008, 2012],
    Fusion: [2006, 2013],
    Maverick: [2022],
    Mustang: [1994, 2005, 2015, 2024],
    Ranger: [1993, 1998, 2019],
    Taurus: [1996, 2000, 2008, 2010],
    Transit: [2015],
    Windstar: [1995, 1999],
  },
  GMC: {
    Acadia: [2007, 2017, 2024],
    Canyon: [2004, 2015, 2023],
    'Sierra 1500': [1999, 2007, 2014, 2019],
    'Sierra 2500 HD': [2001, 2007, 2011, 2015, 2020],
    'Sierra 3500 HD': [2001, 2007, 2011, 2015, 2020],
    Terrain: [2010, 2018, 2025],
    Yukon: [1992, 2000, 2007, 2015, 2021],
    'Yukon XL': [2000, 2007, 2015, 2021],
  },
  Honda: {
    Accord: [1990, 1994, 1998, 2003, 2008, 2013, 2018, 2023],
    Civic: [1988, 1992, 1996, 2001, 2006, 2012, 2016, 2022],
    'CR-V': [1997, 2002, 2007, 2012, 2017, 2023],
    Fit: [2007, 2009, 2015],
    'HR-V': [2016, 2023],
    Odyssey: [1995, 1999, 2005, 2011, 2018],
    Pilot: [2003, 2009, 2016, 2023],
    Ridgeline: [2006, 2017],
  },
  Hyundai: {
    Accent: [1995, 2000, 2006, 2012, 2018],
    Elantra: [1992, 1996, 2001, 2007, 2011, 2017, 2021],
    Kona: [2018, 2024],
    Palisade: [2020, 2026],
    'Santa Fe': [2001, 2007, 2013, 2019, 2024],
    Sonata: [1995, 1999, 2006, 2011, 2015, 2020],
    Tucson: [2005, 2010, 2016, 2022],
  },
  Jeep: {
    Cherokee: [1997, 2002, 2008, 2014],
    Compass: [2007, 2017],
    Gladiator: [2020],
    'Grand Cherokee': [1993, 1999, 2005, 2011, 2022],
    Liberty: [2002, 2008],
    Patriot: [2007],
    Renegade: [2015],
    Wrangler: [1987, 1997, 2007, 2018],
  },
  Kia: {
    Forte: [2010, 2014, 2019, 2025],
    Optima: [2001, 2007, 2011, 2016],
    Sorento: [2003, 2011, 2016, 2021],
    Soul: [2010, 2014, 2020],
    Sportage: [1995, 2005, 2011, 2017, 2023],
    Telluride: [2020],
  },
  Lexus: { ES: [1992, 1997, 2002, 2007, 2013, 2019, 2026], RX: [1999, 2004, 2010, 2016, 2023] },
  Lincoln: { Navigator: [1998, 2003, 2007, 2018] },
  Mazda: { 'CX-5': [2013, 2017], 'CX-9': [2007, 2016], Mazda3: [2004, 2010, 2014, 2019], Mazda6: [2003, 2009, 2014] },
  Mercury: { 'Grand Marquis': [1992, 1998, 2003] },
  'Mercedes-Benz': { 'C-Class': [1994, 2001, 2008, 2015, 2022], 'E-Class': [1986, 1996, 2003, 2010, 2017, 2024] },
  Mitsubishi: { Outlander: [2003, 2007, 2014, 2022] },
  Nissan: {
    Altima: [1993, 1998, 2002, 2007, 2013, 2019],
    Armada: [2004, 2017, 2025],
    Frontier: [1998, 2005, 2022],
    Kicks: [2018, 2025],
    Maxima: [1989, 1995, 2000, 2004, 2009, 2016],
    Murano: [2003, 2009, 2015, 2025],
    Pathfinder: [1987, 1996, 2005, 2013, 2022],
    Rogue: [2008, 2014, 2021],
    Sentra: [1991, 1995, 2000, 2007, 2013, 2020],
    Titan: [2004, 2016],
    Versa: [2007, 2012, 2020],
    Xterra: [2000, 2005],
  },
  Pontiac: { G6: [2005], 'Grand AM': [1992, 1999], 'Grand Prix': [1988, 1997, 2004] },
  Ram: { 1500: [2009, 2019], 2500: [2010, 2019], 3500: [2010, 2019] },
  Saturn: { Vue: [2002, 2008] },
  Subaru: {
    Ascent: [2019],
    Crosstrek: [2013, 2018, 2024],
    Forester: [1998, 2003, 2009, 2014, 2019, 2025],
    Impreza: [1993, 2002, 2008, 2012, 2017, 2024],
    Legacy: [1990, 1995, 2000, 2005, 2010, 2015, 2020],
    Outback: [2000, 2005, 2010, 2015, 2020, 2026],
  },
  Tesla: { 'Model 3': [2017, 2024], 'Model Y': [2020, 2026] },
  Toyota: {
    '4Runner': [1990, 1996, 2003, 2010, 2025],
    Avalon: [1995, 2000, 2005, 2013, 2019],
    Camry: [1992, 1997, 2002, 2007, 2012, 2018, 2025],
    Corolla: [1993, 1998, 2003, 2009, 2014, 2020],
    Highlander: [2001, 2008, 2014, 2020],
    Prius: [2001, 2004, 2010, 2016, 2023],
    RAV4: [1996, 2001, 2006, 2013, 2019, 2026],
    Sequoia: [2001, 2008, 2023],
    Sienna: [1998, 2004, 2011, 2021],
    Tacoma: [1995, 2005, 2016, 2024],
    Tundra: [2000, 2007, 2014, 2022],
    Yaris: [2007, 2012, 2019],
  },
  Volkswagen: {
    Atlas: [2018, 2024],
    Jetta: [1993, 1999, 2005, 2011, 2019],
    Passat: [1990, 1995, 1998, 2006, 2012],
    Tiguan: [2009, 2018, 2025],
  },
};

/** The first model years of a model's generations, oldest first; empty when the table does not know it. */
export function generationStarts(make: string, model: string): readonly number[] {
  return GENERATIONS[make]?.[model] ?? [];
}

/**
 * Cuts a run of consecutive model years into generations: at each listed start, and where no
 * generation is known (before the first, or for a model not listed) into even spans of at most
 * MAX_SPAN years.
 */
export function generationsOf<T extends { year: number }>(run: readonly T[], starts: readonly number[]): T[][] {
  const first = starts[0] ?? Number.POSITIVE_INFINITY;
  const before = run.filter((year) => year.year < first);
  const known = run.filter((year) => year.year >= first);
  const pieces = Math.ceil(before.length / MAX_SPAN);
  const size = Math.ceil(before.length / Math.max(pieces, 1));
  const out = Array.from({ length: pieces }, (_, i) => before.slice(i * size, (i + 1) * size));
  for (const year of known) {
    const last = out.at(-1)?.at(-1);
    const sameGeneration =
      last && last.year >= first && generationOf(last.year, starts) === generationOf(year.year, starts);
    if (sameGeneration) out.at(-1)!.push(year);
    else out.push([year]);
  }
  return out;
}

/** The index of the generation a year falls in (the last start not after it). */
function generationOf(year: number, starts: readonly number[]): number {
  let index = -1;
  for (const start of starts) if (start <= year) index++;
  return index;
}
