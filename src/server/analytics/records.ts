import { CAMPAIGN_PARAMS, isValidName } from '../../shared/analytics-events';

/**
 * One record of what the SDK sends, checked and normalised: the payload type, the
 * event and property names, the distinct id, string lengths, the time. A record that breaks a
 * rule is dropped with the reason; the others of the same request are kept.
 */
export const PROFILE_TYPES = [
  'profile_set',
  'profile_set_once',
  'profile_append',
  'profile_increment',
  'profile_unset',
  'profile_delete',
] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];
export type Value = string | number | boolean | string[];
export type Props = Record<string, Value>;

export interface EventRecord {
  kind: 'event';
  type: 'track' | 'track_signup';
  event: string;
  distinctId: string;
  originalId: string | null;
  trackId: number | null;
  /** The client's time, 0 when it sent none (deduplication key). */
  sentTime: number;
  time: number;
  properties: Props;
  lib: Record<string, string | number | boolean> | null;
  activityId: string | null;
  channel: string | null;
}

export interface ProfileRecord {
  kind: 'profile';
  type: ProfileType;
  distinctId: string;
  properties: Props;
}

export type Reason =
  | 'not_object'
  | 'type'
  | 'distinct_id'
  | 'original_id'
  | 'event_name'
  | 'properties'
  | 'property_name'
  | 'property_value'
  | 'time'
  /** A whole request that could not be read (encoding, checksum): counted, not per record. */
  | 'bad_request';

export type Checked = { ok: true; record: EventRecord | ProfileRecord } | { ok: false; reason: Reason };

export const MAX_STRING = 500;
export const MAX_LIST = 500;
/** Properties of one record: the SDK's preset ones are a few dozen. */
export const MAX_PROPERTIES = 200;
/** Entries kept of `lib` (the SDK's library, version, method, detail). */
const MAX_LIB_ENTRIES = 20;
/** Client times older than this, or more than a day ahead, are a broken clock or a forgery. */
const EARLIEST = Date.UTC(2015, 0, 1);
const DAY = 86_400_000;

export function checkRecord(raw: unknown, now: number): Checked {
  if (!isPlainObject(raw)) return fail('not_object');
  const type = raw.type;
  const distinctId = idOf(raw.distinct_id);
  if (type !== 'track' && type !== 'track_signup' && !PROFILE_TYPES.includes(type as ProfileType)) return fail('type');
  if (distinctId === null) return fail('distinct_id');

  const props = raw.properties === undefined ? {} : raw.properties;
  if (!isPlainObject(props)) return fail('properties');
  const names = Object.keys(props);
  if (names.length > MAX_PROPERTIES) return fail('properties');
  for (const name of names) if (!isValidName(name)) return fail('property_name');
  const values = normalise(props, type as string);
  if (values === null) return fail('property_value');

  if (type !== 'track' && type !== 'track_signup') {
    return { ok: true, record: { kind: 'profile', type: type as ProfileType, distinctId, properties: values } };
  }
  if (!isValidName(raw.event)) return fail('event_name');
  const originalId = type === 'track_signup' ? idOf(raw.original_id) : null;
  if (type === 'track_signup' && originalId === null) return fail('original_id');
  let sentTime = 0;
  if (raw.time !== undefined) {
    if (typeof raw.time !== 'number' || !Number.isInteger(raw.time) || raw.time < EARLIEST || raw.time > now + DAY) return fail('time');
    sentTime = raw.time;
  }
  const trackId = typeof raw._track_id === 'number' && Number.isSafeInteger(raw._track_id) ? raw._track_id : null;
  return {
    ok: true,
    record: {
      kind: 'event',
      type,
      event: raw.event,
      distinctId,
      originalId,
      trackId,
      sentTime,
      time: sentTime || now,
      properties: values,
      lib: isPlainObject(raw.lib) ? libOf(raw.lib) : null,
      activityId: campaignOf(values),
      channel: channelOf(values),
    },
  };
}

const fail = (reason: Reason): Checked => ({ ok: false, reason });

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A distinct id is a string of 1 to 255 characters (apps may send a number). */
function idOf(v: unknown): string | null {
  const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
  return typeof s === 'string' && s.length >= 1 && s.length <= 255 ? s : null;
}

/** Strings cut at 500 characters; lists of strings; increments numeric; `null` values dropped. */
function normalise(props: Record<string, unknown>, type: string): Props | null {
  const out: Props = {};
  for (const [k, v] of Object.entries(props)) {
    if (v === null) continue;
    if (type === 'profile_increment') {
      if (typeof v !== 'number' || !Number.isFinite(v)) return null;
      out[k] = v;
    } else if (typeof v === 'string') out[k] = cut(v);
    else if (typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) out[k] = v;
    else if (Array.isArray(v) && v.length <= MAX_LIST && v.every((x) => typeof x === 'string')) out[k] = v.map(cut);
    else return null;
  }
  return out;
}

/**
 * The first MAX_STRING code points (a character outside the BMP is never split in two), reading
 * no further than them however long the string is.
 */
export function cut(s: string): string {
  if (s.length <= MAX_STRING) return s;
  let end = 0;
  let count = 0;
  for (const ch of s) {
    if (count++ === MAX_STRING) break;
    end += ch.length;
  }
  return s.slice(0, end);
}

/** The SDK's library description is flat: its flat values are kept (strings cut), nothing nested. */
function libOf(lib: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  let kept = 0;
  for (const [k, v] of Object.entries(lib)) {
    if (kept === MAX_LIB_ENTRIES) break;
    if (!isValidName(k)) continue;
    if (typeof v === 'string') out[k] = cut(v);
    else if (typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) out[k] = v;
    else continue;
    kept++;
  }
  return out;
}

function campaignOf(p: Props): string | null {
  for (const key of CAMPAIGN_PARAMS) {
    const v = p[key];
    if ((typeof v === 'string' || typeof v === 'number') && /^[A-Za-z0-9_-]{1,64}$/.test(String(v))) return String(v);
  }
  return null;
}

function channelOf(p: Props): string | null {
  const v = p.channel ?? p.c;
  return typeof v === 'string' && v.length > 0 ? v.slice(0, 64) : null;
}
