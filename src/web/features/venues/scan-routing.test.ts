import { describe, expect, it } from 'vitest';
import { routeScan, type ScanRoute } from './scan-routing';

const O = 'https://cloud.example.com';
const CODE = 'ABCDEFGH2345';
/** Where the route leads (text leads nowhere). */
const to = (r: ScanRoute) => (r.kind === 'text' ? undefined : r.to);
const staffOf = (scope: string) => [{ role: 'staff', scope }];

describe('routing a scanned QR code', () => {
  it('sends staff to the write-off page that works for them', () => {
    const link = `${O}/activitys/admin?activeId=7&code=${CODE.toLowerCase()}`;
    expect(routeScan(link, O, staffOf('activity:7'))).toEqual({
      kind: 'prize',
      code: CODE,
      to: `/activitys/admin?activeId=7&code=${CODE}`,
    });
    expect(to(routeScan(link, O, [{ role: 'admin', scope: '*' }]))).toBe(`/activitys/admin?activeId=7&code=${CODE}`);
    // Venue staff use their venue's page, also for a bare code typed from a screen.
    expect(to(routeScan(link, O, staffOf('venue:tct')))).toBe(`/tct/admin?code=${CODE}`);
    expect(to(routeScan(` ${CODE.toLowerCase()} `, O, staffOf('venue:cd16')))).toBe(`/cd16/admin?code=${CODE}`);
    // The resin venue has no staff page of its own: the campaign's staff page takes them.
    expect(to(routeScan(link, O, staffOf('venue:hx08')))).toBe(`/activitys/admin?activeId=7&code=${CODE}`);
    expect(to(routeScan(CODE, O, staffOf('activity:3')))).toBe(`/activitys/admin?activeId=3&code=${CODE}`);
    expect(to(routeScan(CODE, O, staffOf('venue:hx08')))).toBeNull();
  });

  it('explains prize codes to visitors who are not staff', () => {
    expect(routeScan(`${O}/activitys/admin?activeId=7&code=${CODE}`, O, [])).toEqual({ kind: 'prize', code: CODE, to: null });
    expect(routeScan(CODE, O, [{ role: 'group_owner', scope: 'circle:1' }])).toEqual({ kind: 'prize', code: CODE, to: null });
  });

  it('opens invite links, content and other pages of this site', () => {
    expect(routeScan(`${O}/activitys?activeId=1&inviter=42`, O, [])).toEqual({ kind: 'invite', to: '/activitys?activeId=1&inviter=42' });
    expect(routeScan(`${O}/invite-politely/gift?activityId=3&inviter=9`, O, []).kind).toBe('invite');
    expect(routeScan(`${O}/creality-cloud/model-details/12`, O, [])).toEqual({ kind: 'content', to: '/creality-cloud/model-details/12' });
    expect(routeScan(`${O}/creality-cloud/share-content/5?x=1#c`, O, [])).toEqual({
      kind: 'content',
      to: '/creality-cloud/share-content/5?x=1#c',
    });
    expect(routeScan(`${O}/timelapses-share/3`, O, []).kind).toBe('content');
    expect(routeScan(`${O}/activitys?activeId=1`, O, [])).toEqual({ kind: 'page', to: '/activitys?activeId=1' });
    expect(routeScan(`${O}/cd16/`, O, [])).toEqual({ kind: 'page', to: '/cd16' });
  });

  it('never follows other sites or odd schemes: they are text', () => {
    for (const text of [
      'https://evil.example.com/creality-cloud/model-details/1',
      'http://cloud.example.com/activitys?activeId=1&inviter=2',
      'javascript:alert(1)',
      'WIFI:S:Stand;T:WPA;P:secret;;',
      'hello world',
      '',
    ])
      expect(routeScan(text, O, staffOf('activity:1'))).toEqual({ kind: 'text', text: text.trim() });
    // A staff link with a malformed code is just a page, and a bad campaign id is not passed on.
    expect(routeScan(`${O}/activitys/admin?activeId=7&code=nope`, O, []).kind).toBe('page');
    expect(to(routeScan(`${O}/activitys/admin?activeId=x&code=${CODE}`, O, staffOf('activity:x')))).toBeNull();
  });
});
