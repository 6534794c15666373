/** Calendar days as `YYYY-MM-DD` strings (the check-in's unit), computed without time zones. */

/** The day before `day`. */
export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** Whether `zone` is a time zone this runtime knows (IANA names, as browsers report them). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,60}$/.test(zone)) return false;
  const known = zones.get(zone);
  if (known !== undefined) return known;
  let ok = true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    ok = false;
  }
  // Building a formatter costs more than the rest of a check-in: each name is tried once.
  if (zones.size > 2_000) zones.clear();
  zones.set(zone, ok);
  return ok;
}
const zones = new Map<string, boolean>();

/** Coins for the `streak`-th day in a row: the rewards cycle once the last day is passed. */
export const rewardFor = (rewards: readonly number[], streak: number) => rewards[(streak - 1) % rewards.length] ?? 0;
