import { describe, expect, it } from 'vitest';
import { campaignScope, consoleSections, isStaff, may } from './console-access';

const staff = (...scopes: string[]) => scopes.map((scope) => ({ role: 'staff', scope }));

describe('console access', () => {
  it('lets a global admin do everything and see every section', () => {
    const admin = [{ role: 'admin', scope: '*' }];
    expect(may(admin, 'change', { type: 'area', area: 'roles' })).toBe(true);
    expect(may(admin, 'change', { type: 'campaign', id: 2 })).toBe(true);
    expect(consoleSections(admin)).toEqual(['dashboard', 'campaigns', 'analytics', 'content', 'mall', 'venues', 'people', 'audit']);
    expect(campaignScope(admin)).toBe('all');
  });

  it('keeps staff of one campaign to that campaign', () => {
    const g = staff('activity:1');
    expect(may(g, 'change', { type: 'campaign', id: 1 })).toBe(true);
    expect(may(g, 'view', { type: 'campaign', id: 2 })).toBe(false);
    expect(may(g, 'view', { type: 'area', area: 'campaigns' })).toBe(true);
    expect(may(g, 'change', { type: 'area', area: 'campaigns' })).toBe(false);
    expect(consoleSections(g)).toEqual(['campaigns', 'people']);
    expect(campaignScope(g)).toEqual([1]);
  });

  it('gives each area scope its section only; staff on * are not admins', () => {
    expect(consoleSections(staff('content'))).toEqual(['content', 'people']);
    expect(consoleSections(staff('mall'))).toEqual(['mall', 'people']);
    expect(consoleSections(staff('support'))).toEqual(['people']);
    expect(consoleSections(staff('analytics'))).toEqual(['dashboard', 'analytics', 'people']);
    // Any staff member finds members; only support changes them.
    expect(may(staff('mall'), 'change', { type: 'area', area: 'people' })).toBe(false);
    expect(may(staff('support'), 'change', { type: 'area', area: 'people' })).toBe(true);
    // Venue staff see the Venues section (their venues only) but create none.
    expect(consoleSections(staff('venue:cd16'))).toEqual(['venues', 'people']);
    expect(may(staff('venue:cd16'), 'change', { type: 'area', area: 'venues' })).toBe(false);
    expect(may(staff('venue:cd16'), 'change', { type: 'venue', slug: 'cd16' })).toBe(true);
    expect(may(staff('venue:cd16'), 'view', { type: 'venue', slug: 'tct' })).toBe(false);
    const all = staff('*');
    expect(may(all, 'change', { type: 'area', area: 'roles' })).toBe(false);
    expect(may(all, 'view', { type: 'area', area: 'audit' })).toBe(false);
    expect(campaignScope(all)).toBe('all');
  });

  it('keeps members and group owners out', () => {
    expect(isStaff([])).toBe(false);
    expect(isStaff([{ role: 'group_owner', scope: 'circle:5' }])).toBe(false);
    expect(consoleSections([{ role: 'group_owner', scope: '*' }])).toEqual([]);
  });
});
