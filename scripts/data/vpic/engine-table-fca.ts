// The factory engines of Chrysler's, Dodge's, Jeep's and Ram's popular models (US and Canada) in
// the model years whose VINs tie no engine to the model: FCA coded the engine on VIN position 8
// in make-wide tables until 2012-2014. Only engines certain for the model and year.
import { type EngineRanges, except, only } from './engine-table-types.ts';

const SRT = /SRT/i;
const MINIVAN: EngineRanges = [
  [2001, 2007, ['3.3L V6 Gas', '3.8L V6 Gas']],
  [2008, 2010, ['3.3L V6 Flex Fuel', '3.8L V6 Gas', '4.0L V6 Gas']],
  [2011, 2016, ['3.6L V6 Flex Fuel']],
];
const HEAVY_DUTY: EngineRanges = [
  [2003, 2006, ['5.7L V8 Gas', '5.9L L6 Diesel']],
  [2007, 2007, ['5.7L V8 Gas', '5.9L L6 Diesel', '6.7L L6 Diesel']],
  [2008, 2012, ['5.7L V8 Gas', '6.7L L6 Diesel']],
];

/** FCA's popular models: make → model → [first year, last year, engines]. */
export const FCA_ENGINES: Record<string, Record<string, EngineRanges>> = {
  Chrysler: {
    '300': [
      [1999, 2004, ['3.5L V6 Gas']],
      [
        2005,
        2010,
        [except('2.7L V6 Gas', SRT), except('3.5L V6 Gas', SRT), except('5.7L V8 Gas', SRT), only('6.1L V8 Gas', SRT)],
      ],
      [2011, 2011, ['3.6L V6 Gas', '5.7L V8 Gas']],
      [2012, 2018, [except('3.6L V6 Gas', SRT), except('5.7L V8 Gas', SRT), only('6.4L V8 Gas', SRT)]],
    ],
    Pacifica: [
      [2004, 2004, ['3.5L V6 Gas']],
      [2005, 2006, ['3.5L V6 Gas', '3.8L V6 Gas']],
      [2007, 2008, ['3.8L V6 Gas', '4.0L V6 Gas']],
    ],
    'PT Cruiser': [[2001, 2010, ['2.4L L4 Gas']]],
    'Town and Country': [[2000, 2000, ['3.3L V6 Gas', '3.8L V6 Gas']], ...MINIVAN],
  },
  Dodge: {
    Caliber: [
      [2007, 2009, ['1.8L L4 Gas', '2.0L L4 Gas', '2.4L L4 Gas']],
      [2010, 2012, ['2.0L L4 Gas', '2.4L L4 Gas']],
    ],
    Challenger: [
      [2008, 2008, ['6.1L V8 Gas']],
      [2009, 2010, [except('3.5L V6 Gas', /R\/T|SRT/i), only('5.7L V8 Gas', /R\/T/i), only('6.1L V8 Gas', SRT)]],
      [2011, 2014, [except('3.6L V6 Gas', /R\/T|SRT/i), only('5.7L V8 Gas', /R\/T/i), only('6.4L V8 Gas', SRT)]],
      [
        2015,
        2018,
        [
          except('3.6L V6 Gas', /R\/T|SRT|SCAT/i),
          only('5.7L V8 Gas', /^R\/T( Plus| Shaker)?$/i),
          only('6.4L V8 Gas', /392|SCAT/i),
          only('6.2L V8 Gas', /HELLCAT|Demon/i),
        ],
      ],
    ],
    Charger: [
      [2006, 2006, [except('2.7L V6 Gas', SRT), except('3.5L V6 Gas', SRT), except('5.7L V8 Gas', SRT)]],
      [2006, 2006, [only('6.1L V8 Gas', SRT)]],
    ],
    Dakota: [
      [2000, 2002, ['2.5L L4 Gas', '3.9L V6 Gas', '4.7L V8 Gas', '5.9L V8 Gas']],
      [2003, 2003, ['3.9L V6 Gas', '4.7L V8 Gas', '5.9L V8 Gas']],
      [2004, 2011, ['3.7L V6 Gas', '4.7L V8 Gas']],
    ],
    Durango: [
      [2000, 2003, ['4.7L V8 Gas', '5.9L V8 Gas']],
      [2004, 2006, ['3.7L V6 Gas', '4.7L V8 Gas', '5.7L V8 Gas']],
    ],
    // Sold in Canada to 2020 and on as the 2021-2023 Grand Caravan, with the same 3.6L.
    'Grand Caravan': [...MINIVAN, [2017, 2023, ['3.6L V6 Flex Fuel']]],
    Journey: [
      [2009, 2010, ['2.4L L4 Gas', '3.5L V6 Gas']],
      [2011, 2020, ['2.4L L4 Gas', '3.6L V6 Gas']],
    ],
    'Ram 1500': [
      [2002, 2002, ['3.7L V6 Gas', '4.7L V8 Gas', '5.9L V8 Gas']],
      [2003, 2011, ['3.7L V6 Gas', '4.7L V8 Gas', '5.7L V8 Gas']],
    ],
    'Ram 2500': HEAVY_DUTY,
    'Ram 3500': [[2002, 2002, ['5.9L V8 Gas', '8.0L V10 Gas', '5.9L L6 Diesel']], ...HEAVY_DUTY],
  },
  Jeep: {
    // The Cherokee of 2002-2013 in vPIC is the Liberty of other markets: no table engine.
    Cherokee: [
      [1997, 2001, ['2.5L L4 Gas', '4.0L L6 Gas']],
      [2014, 2018, ['2.4L L4 Gas', '3.2L V6 Gas']],
      [2019, 2022, ['2.0L L4 Gas', '2.4L L4 Gas', '3.2L V6 Gas']],
      [2023, 2023, ['2.0L L4 Gas']],
    ],
    Compass: [
      [2007, 2017, ['2.0L L4 Gas', '2.4L L4 Gas']],
      [2018, 2018, ['2.4L L4 Gas']],
    ],
    'Grand Cherokee': [
      [1999, 2004, ['4.0L L6 Gas', '4.7L V8 Gas']],
      [2005, 2005, ['3.7L V6 Gas', '4.7L V8 Gas', '5.7L V8 Gas']],
      [2006, 2006, [except('3.7L V6 Gas', SRT), except('4.7L V8 Gas', SRT), except('5.7L V8 Gas', SRT)]],
      [2007, 2008, [except('3.0L V6 Diesel', SRT), except('3.7L V6 Gas', SRT), except('4.7L V8 Gas', SRT)]],
      [2007, 2008, [except('5.7L V8 Gas', SRT)]],
      [2009, 2010, [except('3.7L V6 Gas', SRT), except('4.7L V8 Gas', SRT), except('5.7L V8 Gas', SRT)]],
      [2006, 2010, [only('6.1L V8 Gas', SRT)]],
      [2011, 2011, ['3.6L V6 Gas', '5.7L V8 Gas']],
      [2012, 2013, [except('3.6L V6 Gas', SRT), except('5.7L V8 Gas', SRT), only('6.4L V8 Gas', SRT)]],
      [2014, 2016, [except('3.0L V6 Diesel', SRT), except('3.6L V6 Gas', SRT), except('5.7L V8 Gas', SRT)]],
      [2014, 2016, [only('6.4L V8 Gas', SRT)]],
    ],
    Liberty: [
      [2002, 2004, ['2.4L L4 Gas', '3.7L V6 Gas']],
      [2005, 2006, ['2.8L L4 Diesel', '3.7L V6 Gas']],
      [2007, 2012, ['3.7L V6 Gas']],
    ],
    Patriot: [[2007, 2017, ['2.0L L4 Gas', '2.4L L4 Gas']]],
    Renegade: [[2015, 2016, ['1.4L L4 Gas', '2.4L L4 Gas']]],
    Wrangler: [
      [1997, 2002, ['2.5L L4 Gas', '4.0L L6 Gas']],
      [2003, 2006, ['2.4L L4 Gas', '4.0L L6 Gas']],
      [2007, 2011, ['3.8L V6 Gas']],
      [2012, 2017, ['3.6L V6 Gas']],
    ],
  },
  Ram: {
    '1500': [
      [2013, 2013, ['3.6L V6 Gas', '5.7L V8 Gas']],
      [2014, 2019, ['3.0L V6 Diesel', '3.6L V6 Gas', '5.7L V8 Gas']],
    ],
    '2500': [
      [2011, 2013, ['5.7L V8 Gas', '6.7L L6 Diesel']],
      [2014, 2019, ['5.7L V8 Gas', '6.4L V8 Gas', '6.7L L6 Diesel']],
    ],
    '3500': [
      [2011, 2013, ['5.7L V8 Gas', '6.7L L6 Diesel']],
      [2014, 2019, ['6.4L V8 Gas', '6.7L L6 Diesel']],
    ],
  },
};
