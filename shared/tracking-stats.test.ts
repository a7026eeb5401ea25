import { describe, expect, it } from 'vitest';
import { sampleRatioMismatch, wilsonInterval } from './tracking-stats.ts';

describe('A/B statistics (issue 25)', () => {
  it('gives a conversion rate with its 95 % Wilson interval', () => {
    expect(wilsonInterval(0, 0)).toEqual({ rate: 0, low: 0, high: 0 });
    const half = wilsonInterval(50, 100);
    expect(half.rate).toBe(0.5);
    expect(half.low).toBeCloseTo(0.4038, 3);
    expect(half.high).toBeCloseTo(0.5962, 3);
    const rare = wilsonInterval(1, 1000);
    expect(rare.low).toBeGreaterThan(0);
    expect(rare.high).toBeCloseTo(0.00565, 4);
  });

  it('warns of a sample-ratio mismatch only when the split is far from 35/35/30', () => {
    expect(sampleRatioMismatch({ A1: 3500, A2: 3480, B: 3020 }).mismatch).toBe(false);
    const broken = sampleRatioMismatch({ A1: 3500, A2: 3500, B: 2400 });
    expect(broken.mismatch).toBe(true);
    expect(broken.p).toBeLessThan(0.001);
    expect(sampleRatioMismatch({}).mismatch).toBe(false);
  });
});
