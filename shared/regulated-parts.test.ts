import { describe, expect, it } from 'vitest';
import {
  emissionsRefusal,
  isCaliforniaZip,
  notShippedToText,
  prop65Applies,
  prop65FromJson,
  prop65Json,
  prop65Text,
  type EmissionsFacts,
} from './regulated-parts.ts';

const converter = (status: EmissionsFacts['status']): EmissionsFacts => ({
  kind: 'CATALYTIC_CONVERTER',
  status,
  eo: status === 'FIFTY_STATE' ? 'D-193-139' : null,
});
const header: EmissionsFacts = { kind: 'EXHAUST_MANIFOLD', status: 'OFF_ROAD', eo: null };
const us = (regionCode: string) => ({ market: 'us' as const, regionCode });

describe('which states keep an emissions part out', () => {
  it('California refuses every emissions part without a CARB EO number, whatever the model year', () => {
    expect(emissionsRefusal(converter('FORTY_NINE_STATE'), us('CA'), 1995)?.state).toBe('CA');
    expect(emissionsRefusal(header, us('CA'), null)?.state).toBe('CA');
    expect(emissionsRefusal(converter('FIFTY_STATE'), us('CA'), 2020)).toBeNull();
  });

  it('New York and Maine follow it for converters only; Colorado from model year 2001', () => {
    expect(emissionsRefusal(converter('FORTY_NINE_STATE'), us('NY'), 1990)?.state).toBe('NY');
    expect(emissionsRefusal(converter('FORTY_NINE_STATE'), us('ME'), null)?.state).toBe('ME');
    expect(emissionsRefusal(header, us('NY'), 2015)).toBeNull();
    expect(emissionsRefusal(converter('FORTY_NINE_STATE'), us('CO'), 2000)).toBeNull();
    expect(emissionsRefusal(converter('FORTY_NINE_STATE'), us('CO'), 2001)?.state).toBe('CO');
    // Without the vehicle's model year the rule applies.
    expect(emissionsRefusal(converter('FORTY_NINE_STATE'), us('CO'), null)?.state).toBe('CO');
  });

  it('sells the same 49-state converter to Texas, and has no rules in Canada', () => {
    expect(emissionsRefusal(converter('FORTY_NINE_STATE'), us('TX'), 2015)).toBeNull();
    expect(emissionsRefusal(converter('FORTY_NINE_STATE'), { market: 'ca', regionCode: 'ON' }, 2015)).toBeNull();
    expect(emissionsRefusal(null, us('CA'), 2015)).toBeNull();
  });

  it('names the states a part is not shipped to', () => {
    expect(notShippedToText(converter('FORTY_NINE_STATE'))).toBe(
      'Not shipped to California, New York, Maine, and Colorado (model year 2001 and newer).',
    );
    expect(notShippedToText(header)).toBe('Not shipped to California.');
    expect(notShippedToText(converter('FIFTY_STATE'))).toBeNull();
  });
});

describe('Proposition 65', () => {
  it('applies to California addresses and ZIP codes only', () => {
    expect(prop65Applies('us', 'CA')).toBe(true);
    expect(prop65Applies('us', 'TX')).toBe(false);
    expect(prop65Applies('ca', 'CA')).toBe(false);
    expect(isCaliforniaZip('94105')).toBe(true);
    expect(isCaliforniaZip('90001-1234')).toBe(true);
    expect(isCaliforniaZip('75201')).toBe(false);
    expect(isCaliforniaZip('9410')).toBe(false);
    expect(isCaliforniaZip(null)).toBe(false);
  });

  it('words the safe-harbor warning for each kind, one chemical or several', () => {
    expect(prop65Text({ kind: 'CANCER', chemicals: ['nickel'] })).toBe(
      'WARNING: This product can expose you to chemicals including nickel, which is known to the State of ' +
        'California to cause cancer. For more information go to www.P65Warnings.ca.gov.',
    );
    expect(prop65Text({ kind: 'REPRODUCTIVE', chemicals: ['bisphenol A (BPA)'] })).toContain(
      'including bisphenol A (BPA), which is known to the State of California to cause birth defects or other ' +
        'reproductive harm.',
    );
    expect(prop65Text({ kind: 'BOTH', chemicals: ['lead', 'DEHP'] })).toContain(
      'including lead and DEHP, which are known to the State of California to cause cancer and birth defects',
    );
  });

  it('keeps a listing through an order line and reads nothing from a broken one', () => {
    const listing = { kind: 'BOTH' as const, chemicals: ['lead'] };
    expect(prop65FromJson(prop65Json(listing))).toEqual(listing);
    expect(prop65FromJson('{not json')).toBeNull();
    expect(prop65FromJson(JSON.stringify({ kind: 'OTHER', chemicals: ['lead'] }))).toBeNull();
  });
});
