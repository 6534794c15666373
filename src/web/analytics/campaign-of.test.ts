import { describe, expect, it } from 'vitest';
import { campaignOf } from './campaign-of';

describe('campaignOf', () => {
  it('reads the campaign from the path of pages that carry it there', () => {
    for (const path of [
      '/invite-politely/12',
      '/invite-record/12',
      '/invite-record2/12',
      '/dragon-record/12',
      '/invite-politely/record/12',
    ])
      expect(campaignOf(path, ''), path).toBe('12');
    expect(campaignOf('/invite-record/12/', '?activityId=7')).toBe('12');
  });

  it('reads it from the query elsewhere, and never takes a word for an id', () => {
    expect(campaignOf('/activitys', '?activeId=5&channel=x')).toBe('5');
    expect(campaignOf('/invite-friends', '?activityId=9')).toBe('9');
    expect(campaignOf('/webview/check-in', '?lotteryId=3')).toBe('3');
    expect(campaignOf('/invite-politely/gift', '?activityId=4')).toBe('4');
    expect(campaignOf('/invite-politely/rules/1', '')).toBeUndefined();
    expect(campaignOf('/timelapses-share/12', '')).toBeUndefined();
    expect(campaignOf('/activitys', '?activeId=abc')).toBeUndefined();
  });
});
