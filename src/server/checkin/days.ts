/** Calendar days as `YYYY-MM-DD` strings (the check-in's unit), computed without time zones. */

/** The day before `day`. */
export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** Whether `zone` is a time zone this runtime knows (IANA names, as browsers report them). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,60}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Coins for the `streak`-th day in a row: the rewards cycle once the last day is passed. */
export const rewardFor = (rewards: readonly number[], streak: number) => rewards[(streak - 1) % rewards.length] ?? 0;
