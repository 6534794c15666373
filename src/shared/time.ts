import { TZDateMini } from '@date-fns/tz';

/**
 * Calendar days in a time zone: the unit of daily draws, check-ins and a venue's "today". Days
 * are `YYYY-MM-DD` strings; instants are epoch milliseconds. Zone arithmetic (midnights across
 * daylight-saving changes) is left to @date-fns/tz rather than done by hand.
 */

/** A calendar day as `YYYY-MM-DD`. */
export type Day = string;

// Formatters and answers are kept per zone; callers may pass zones from requests, so the maps are
// cleared past a size no honest traffic reaches.
const MAX_ZONES = 2_000;
const known = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone this runtime knows (as browsers report them). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,60}$/.test(zone)) return false;
  const seen = known.get(zone);
  if (seen !== undefined) return seen;
  let ok = true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    ok = false;
  }
  if (known.size >= MAX_ZONES) known.clear();
  known.set(zone, ok);
  return ok;
}

const ymd = (y: number, m: number, d: number): Day => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

const dayCache = new Map<string, { minute: number; day: Day }>();

/**
 * The calendar day of `at` in `zone`. Every draw asks; zones change day on a minute boundary, so
 * the answer is kept per zone for the minute.
 */
export function dayKey(at: number, zone: string): Day {
  const minute = Math.floor(at / 60_000);
  const hit = dayCache.get(zone);
  if (hit && hit.minute === minute) return hit.day;
  const local = new TZDateMini(at, zone);
  const day = ymd(local.getFullYear(), local.getMonth() + 1, local.getDate());
  if (!hit && dayCache.size >= MAX_ZONES) dayCache.clear();
  dayCache.set(zone, { minute, day });
  return day;
}

/** The local midnight that starts a calendar day in `zone`, in epoch ms (23- and 25-hour days included). */
export function startOfDay(day: Day, zone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDateMini(y, m - 1, d, zone).getTime();
}

/** The day of `at` in `zone` and its bounds: `from` its first millisecond, `to` the next midnight. */
export function dayBounds(at: number, zone: string): { day: Day; from: number; to: number } {
  const day = dayKey(at, zone);
  return { day, from: startOfDay(day, zone), to: startOfDay(nextDay(day), zone) };
}

function shiftDay(day: Day, by: number): Day {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + by)).toISOString().slice(0, 10);
}

/** The day before `day`. */
export const previousDay = (day: Day): Day => shiftDay(day, -1);

/** The day after `day`. */
export const nextDay = (day: Day): Day => shiftDay(day, 1);
