import { describe, expect, it } from 'vitest';
import bf from '../../kv-seed/campaigns/black-friday-cyber-monday-unbeatable-offer.json';
import {
  CAMPAIGN_MSG,
  campaignPageSchema,
  campaignState,
  countdownStripOf,
  dealsHref,
  marketWords,
  withBlackFriday,
} from './campaign.ts';
import { SCHEDULE_MSG } from './schedule.ts';

const messages = (value: unknown) => campaignPageSchema.safeParse(value).error?.issues.map((issue) => issue.message);
const page = campaignPageSchema.parse(bf);
const at = (iso: string) => Date.parse(iso);

describe('campaign page config', () => {
  it('refuses what an editor could get wrong, with the words the editor shows', () => {
    expect(messages({ ...bf, heroBanners: [{ mobileImage: '/m.svg', alt: 'Sale' }] })).toEqual([
      CAMPAIGN_MSG.bannerImage,
    ]);
    expect(messages({ ...bf, title: ' ' })).toEqual([CAMPAIGN_MSG.title]);
    expect(messages({ ...bf, endTime: bf.startTime })).toContain(SCHEDULE_MSG.endBeforeStart);
    expect(messages({ ...bf, rangeDetails: [] })).toEqual([CAMPAIGN_MSG.categories]);
    expect(messages({ ...bf, range: 'ITEMS' })).toEqual([CAMPAIGN_MSG.items]);
    expect(messages({ ...bf, promotionCodes: [{ code: 'X', value: '10% off' }] })).toEqual([CAMPAIGN_MSG.code]);
  });

  it('is upcoming, live, then ended; switched off it is ended', () => {
    expect(campaignState(page, at('2026-11-27T04:59:59Z'))).toBe('UPCOMING');
    expect(campaignState(page, at('2026-11-27T05:00:00Z'))).toBe('LIVE');
    expect(campaignState(page, at('2026-12-01T08:00:00Z'))).toBe('ENDED');
    expect(campaignState({ ...page, active: false }, at('2026-11-28T00:00:00Z'))).toBe('ENDED');
  });

  it('takes the Black Friday window and code from the settings only while they are active', () => {
    const settings = {
      BLACK_FRIDAY_CONFIG: { active: true, startTime: '2027-11-26T05:00:00Z', endTime: '2027-11-30T08:00:00Z' },
      BLACK_FRIDAY_2024_CONFIG: { active: true, BF_CODE: 'BF2027' },
    };
    const driven = withBlackFriday(page, settings);
    expect(driven).toMatchObject({ startTime: '2027-11-26T05:00:00Z', countdownEnd: '2027-11-30T08:00:00Z' });
    expect(driven.promotionCodes[0]?.code).toBe('BF2027');
    const off = {
      BLACK_FRIDAY_CONFIG: { ...settings.BLACK_FRIDAY_CONFIG, active: false },
      BLACK_FRIDAY_2024_CONFIG: { active: false, BF_CODE: 'BF2027' },
    };
    expect(withBlackFriday(page, off)).toBe(page);
  });

  it('writes amounts in the market money', () => {
    expect(marketWords('15% off {$75} or more, up to {$150} off', 'CAD')).toBe(
      '15% off CA$75.00 or more, up to CA$150.00 off',
    );
    expect(marketWords('{$75}', 'USD')).toBe('$75.00');
  });
});

describe('the running campaign on every page', () => {
  const running = { ...bf, banners: [{ code: 'HOME_TOP', value: 'Black Friday' }], countdownPageList: ['/'] };
  it('shows the strip on a listed page inside the countdown only', () => {
    expect(countdownStripOf(running, '/', at('2026-11-28T00:00:00Z'))).toEqual({
      text: 'Black Friday',
      endsAt: '2026-12-01T08:00:00Z',
      href: '/campaign/black-friday-cyber-monday-unbeatable-offer',
    });
    expect(countdownStripOf(running, '/shopCart', at('2026-11-28T00:00:00Z'))).toBeNull();
    expect(countdownStripOf(running, '/', at('2026-12-02T00:00:00Z'))).toBeNull();
    expect(countdownStripOf({ active: true, range: 'CHANGED' }, '/', at('2026-11-28T00:00:00Z'))).toBeNull();
  });

  it('leads Deals to the live campaign, else to the Easter sale', () => {
    expect(dealsHref(running, at('2026-11-28T00:00:00Z'))).toBe('/campaign/black-friday-cyber-monday-unbeatable-offer');
    expect(dealsHref(running, at('2026-12-02T00:00:00Z'))).toBe('/sale/easter-sale');
    expect(dealsHref(null, 0)).toBe('/sale/easter-sale');
  });
});
