import { describe, expect, it } from 'vitest';
import { dayIn, regionDay, regionTimeZone } from './region-time-zones.ts';
import { CA_PROVINCES, US_STATES } from './regions.ts';

describe("the regions' clocks", () => {
  it('name a time zone the runtime knows for every state, territory and province', () => {
    const zones = [
      ...US_STATES.map((state) => regionTimeZone('us', state.code)),
      ...CA_PROVINCES.map((province) => regionTimeZone('ca', province.code)),
    ];
    for (const zone of zones) expect(() => dayIn(zone, 0)).not.toThrow();
    expect(
      new Set(zones.map((zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone)),
    ).not.toContain('UTC');
  });

  it("give the region's own calendar day: 05:30 UTC on January 1 is still December 31 west of Ohio", () => {
    const moment = Date.parse('2027-01-01T05:30:00Z');
    expect(regionDay('us', 'OH', moment)).toBe('2027-01-01');
    expect(regionDay('us', 'IL', moment)).toBe('2026-12-31');
    expect(regionDay('us', 'CA', moment)).toBe('2026-12-31');
    expect(regionDay('us', 'HI', moment)).toBe('2026-12-31');
    expect(regionDay('ca', 'NS', moment)).toBe('2027-01-01');
    expect(regionDay('ca', 'SK', moment)).toBe('2026-12-31');
  });
});
