import { describe, expect, it } from 'vitest';
import { OUTER_LINK_KEY, readOuterLink, rememberOuterLink } from './outer-link';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: (i) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
  };
}

describe('outer-link info', () => {
  it('stores the c parameter with the landing path', () => {
    const s = memoryStorage();
    rememberOuterLink({ search: '?c=poster&x=1', pathname: '/activitys' }, s);
    expect(readOuterLink(s)).toMatchObject({ channel: 'poster', landingPath: '/activitys' });
  });
  it('stores the channel parameter too', () => {
    const s = memoryStorage();
    rememberOuterLink({ search: '?channel=wechat', pathname: '/' }, s);
    expect(readOuterLink(s)?.channel).toBe('wechat');
  });
  it('keeps the first attribution of the visit when later pages have none', () => {
    const s = memoryStorage();
    rememberOuterLink({ search: '?c=sms', pathname: '/' }, s);
    rememberOuterLink({ search: '', pathname: '/download' }, s);
    expect(readOuterLink(s)?.channel).toBe('sms');
  });
  it('caps the stored length and survives unreadable storage', () => {
    const s = memoryStorage();
    rememberOuterLink({ search: `?c=${'x'.repeat(500)}`, pathname: '/' }, s);
    expect(readOuterLink(s)?.channel).toHaveLength(64);
    s.setItem(OUTER_LINK_KEY, '{broken');
    expect(readOuterLink(s)).toBeNull();
    const failing = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('quota');
      },
    } as Storage;
    expect(() => rememberOuterLink({ search: '?c=a', pathname: '/' }, failing)).not.toThrow();
  });
});
