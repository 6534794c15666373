import { describe, expect, it } from 'vitest';
import { rewardFor } from './rewards';

describe('check-in rewards', () => {
  it('cycles the rewards after the last day', () => {
    const week = [10, 10, 20, 10, 10, 20, 50];
    expect([1, 3, 7, 8, 14, 15].map((s) => rewardFor(week, s))).toEqual([10, 20, 50, 10, 50, 10]);
  });
});
