import { describe, expect, it } from 'vitest';
import { applyProfileOp } from './profiles';
import { checkRecord, type ProfileRecord } from './records';

const NOW = Date.UTC(2026, 10, 22, 12);
const track = (over: Record<string, unknown> = {}) => ({
  type: 'track',
  event: 'LotteryDraw',
  distinct_id: 'anon-1',
  properties: {},
  ...over,
});
const reason = (raw: unknown) => {
  const c = checkRecord(raw, NOW);
  return c.ok ? 'ok' : c.reason;
};

describe('checkRecord', () => {
  it('accepts every payload type the SDK sends and nothing else', () => {
    for (const type of ['profile_set', 'profile_set_once', 'profile_append', 'profile_unset', 'profile_delete'])
      expect(reason({ type, distinct_id: 'u' }), type).toBe('ok');
    expect(reason({ type: 'profile_increment', distinct_id: 'u', properties: { coins: 2 } })).toBe('ok');
    expect(reason(track())).toBe('ok');
    expect(reason(track({ type: 'track_signup', event: '$SignUp', original_id: 'anon-1', distinct_id: '42' }))).toBe('ok');
    expect(reason(track({ type: 'item_set' }))).toBe('type');
    expect(reason(track({ type: 'track_signup', event: '$SignUp' }))).toBe('original_id');
    expect(reason('track')).toBe('not_object');
  });

  it('checks names: pattern, 100 characters, reserved words in any case', () => {
    expect(reason(track({ event: '$pageview' }))).toBe('ok');
    expect(reason(track({ event: `a${'b'.repeat(99)}` }))).toBe('ok');
    expect(reason(track({ event: `a${'b'.repeat(100)}` }))).toBe('event_name');
    expect(reason(track({ event: '9lives' }))).toBe('event_name');
    expect(reason(track({ event: 'Draw-now' }))).toBe('event_name');
    expect(reason(track({ event: 'Events' }))).toBe('event_name');
    for (const word of ['time', 'distinct_id', 'USER_ID', 'device_id', 'date', 'datetime', 'properties', 'id'])
      expect(reason(track({ properties: { [word]: 1 } })), word).toBe('property_name');
    expect(reason(track({ properties: { [`p${'x'.repeat(100)}`]: 1 } }))).toBe('property_name');
  });

  it('checks the distinct id: 1 to 255 characters', () => {
    expect(reason(track({ distinct_id: '' }))).toBe('distinct_id');
    expect(reason(track({ distinct_id: 'x'.repeat(256) }))).toBe('distinct_id');
    expect(reason(track({ distinct_id: 'x'.repeat(255) }))).toBe('ok');
    expect(reason(track({ distinct_id: 12345 }))).toBe('ok');
  });

  it('cuts strings at 500 characters (never inside a character), stamps the server time when absent', () => {
    const c = checkRecord(track({ properties: { note: '🎁'.repeat(600), tags: ['x'.repeat(501)] } }), NOW);
    if (!c.ok || c.record.kind !== 'event') throw new Error('refused');
    expect(Array.from(c.record.properties.note as string)).toHaveLength(500);
    expect((c.record.properties.tags as string[])[0]).toHaveLength(500);
    expect(c.record).toMatchObject({ time: NOW, sentTime: 0 });
    const timed = checkRecord(track({ time: NOW - 5000, _track_id: 123456789 }), NOW);
    expect(timed.ok && timed.record).toMatchObject({ time: NOW - 5000, sentTime: NOW - 5000, trackId: 123456789 });
    expect(reason(track({ time: NOW + 2 * 86_400_000 }))).toBe('time');
    expect(reason(track({ time: '2026-11-22' }))).toBe('time');
  });

  it('cuts a huge string reading no further than the cut (counted in iterator steps)', () => {
    const iterate = String.prototype[Symbol.iterator];
    let steps = 0;
    String.prototype[Symbol.iterator] = function (this: string) {
      const inner = iterate.call(this);
      const next = () => {
        steps++;
        return inner.next();
      };
      return Object.assign(Object.create(inner), { next });
    };
    let c: ReturnType<typeof checkRecord>;
    try {
      c = checkRecord(track({ properties: { note: '🎁'.repeat(2_000_000) } }), NOW);
    } finally {
      String.prototype[Symbol.iterator] = iterate;
    }
    expect(steps).toBeLessThanOrEqual(501);
    if (!c.ok) throw new Error('refused');
    expect(c.record.properties.note).toBe('🎁'.repeat(500));
  });

  it('refuses more than 200 properties; keeps only flat values of lib', () => {
    const props = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i]));
    expect(reason(track({ properties: props(200) }))).toBe('ok');
    expect(reason(track({ properties: props(201) }))).toBe('properties');
    const c = checkRecord(track({ lib: { $lib: 'js', deep: { a: 1 }, list: ['x'], n: 2, long: 'l'.repeat(600) } }), NOW);
    expect(c.ok && c.record.kind === 'event' && c.record.lib).toEqual({ $lib: 'js', n: 2, long: 'l'.repeat(500) });
  });

  it('refuses objects as values and non-numbers as increments; reads campaign and channel', () => {
    expect(reason(track({ properties: { nested: { a: 1 } } }))).toBe('property_value');
    expect(reason({ type: 'profile_increment', distinct_id: 'u', properties: { coins: '2' } })).toBe('property_value');
    const c = checkRecord(track({ properties: { activeId: 7, channel: 'wechat-menu' } }), NOW);
    expect(c.ok && c.record).toMatchObject({ activityId: '7', channel: 'wechat-menu' });
  });
});

describe('applyProfileOp', () => {
  const op = (type: ProfileRecord['type'], properties: ProfileRecord['properties'] = {}): ProfileRecord => ({
    kind: 'profile',
    type,
    distinctId: 'u',
    properties,
  });
  it('applies set, set_once, append, increment, unset and delete in order', () => {
    let p = applyProfileOp(null, op('profile_set', { city: 'Paris', coins: 1 }));
    p = applyProfileOp(p, op('profile_set_once', { city: 'Lyon', first: 'ad' }));
    p = applyProfileOp(p, op('profile_append', { tags: ['a'] }));
    p = applyProfileOp(p, op('profile_append', { tags: ['b'] }));
    p = applyProfileOp(p, op('profile_increment', { coins: 4, visits: 1 }));
    p = applyProfileOp(p, op('profile_unset', { first: true }));
    expect(p).toEqual({ city: 'Paris', coins: 5, tags: ['a', 'b'], visits: 1 });
    expect(applyProfileOp(p, op('profile_delete'))).toBeNull();
  });
});
