import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_HOURS, expectedWaitMinutes, type SupportHours, withinSupportHours } from './chat.ts';

/** Weekdays 9:00-17:00 in Toronto, closed at weekends. */
const OFFICE: SupportHours = {
  text: 'Mon-Fri, 9am-5pm ET',
  timeZone: 'America/Toronto',
  weekly: [null, [540, 1020], [540, 1020], [540, 1020], [540, 1020], [540, 1020], null],
};

describe('support hours', () => {
  it('the footer hours (Mon-Sun, 7*24h) are always open', () => {
    for (const at of ['2026-11-29T03:00:00Z', '2026-11-25T12:00:00Z', '2026-12-31T23:59:00Z'])
      expect(withinSupportHours(DEFAULT_SUPPORT_HOURS, Date.parse(at))).toBe(true);
  });

  it('opening hours are read in their own time zone', () => {
    // Wednesday 13:59 UTC is 08:59 in Toronto (EST): closed; 14:00 UTC is 09:00: open.
    expect(withinSupportHours(OFFICE, Date.parse('2026-11-25T13:59:00Z'))).toBe(false);
    expect(withinSupportHours(OFFICE, Date.parse('2026-11-25T14:00:00Z'))).toBe(true);
    expect(withinSupportHours(OFFICE, Date.parse('2026-11-25T21:59:00Z'))).toBe(true);
    expect(withinSupportHours(OFFICE, Date.parse('2026-11-25T22:00:00Z'))).toBe(false);
    // Saturday noon in Toronto: closed all day.
    expect(withinSupportHours(OFFICE, Date.parse('2026-11-28T17:00:00Z'))).toBe(false);
  });
});

describe('expected wait', () => {
  it('shares the waiting queue among the online agents', () => {
    expect(expectedWaitMinutes(0, 1, 3)).toBe(0);
    expect(expectedWaitMinutes(1, 1, 3)).toBe(3);
    expect(expectedWaitMinutes(5, 2, 3)).toBe(9);
    expect(expectedWaitMinutes(4, 0, 3)).toBe(0);
  });
});
