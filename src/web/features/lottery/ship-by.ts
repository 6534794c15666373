/** Prizes ship within 7 working days after the event ends. */
export const SHIPPING_WORKING_DAYS = 7;

/**
 * The last day a prize ships: `days` working days (Monday to Friday) after the event's end, in
 * the reader's calendar. Public holidays differ by country and are not counted out.
 */
export function shipBy(endsAt: number, days = SHIPPING_WORKING_DAYS): Date {
  const d = new Date(endsAt);
  let left = days;
  while (left > 0) {
    d.setDate(d.getDate() + 1);
    const wd = d.getDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d;
}
