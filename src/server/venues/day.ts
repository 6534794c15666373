/**
 * "Today" at a venue: the calendar day in the venue's time zone and its bounds in epoch ms, so
 * staff at a stand in Shanghai see the day that began at their midnight, not the server's.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function partsAt(at: number, timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

/** The zone's offset from UTC at `at`, in ms (east positive). */
function offsetAt(at: number, timeZone: string): number {
  const p = partsAt(at, timeZone);
  const wall = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The local midnight of a calendar day, in epoch ms (offsets taken at that instant: DST-safe). */
function midnight(y: number, m: number, d: number, timeZone: string): number {
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetAt(guess, timeZone);
  // When the offset at the local midnight differs from the one at UTC midnight (a DST change in
  // between), the second reading is the right one.
  return guess - offsetAt(first, timeZone);
}

export function dayOf(at: number, timeZone: string): { day: string; from: number; to: number } {
  const p = partsAt(at, timeZone);
  const day = `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
  const next = new Date(Date.UTC(p.y, p.m - 1, p.d + 1));
  return {
    day,
    from: midnight(p.y, p.m, p.d, timeZone),
    to: midnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}
