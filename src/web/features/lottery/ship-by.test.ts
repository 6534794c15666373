import { describe, expect, it } from 'vitest';
import { shipBy } from './ship-by';

const local = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12).getTime();
const ymd = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate()];

describe('shipBy', () => {
  it('counts Monday to Friday only', () => {
    // Friday 8 Jan 2027 + 7 working days = Tuesday 19 Jan.
    expect(ymd(shipBy(local(2027, 1, 8)))).toEqual([2027, 1, 19]);
    // Sunday 10 Jan 2027: Mon 11 … Tue 19.
    expect(ymd(shipBy(local(2027, 1, 10)))).toEqual([2027, 1, 19]);
    // Wednesday 6 Jan 2027 + 7 = Friday 15 Jan.
    expect(ymd(shipBy(local(2027, 1, 6)))).toEqual([2027, 1, 15]);
  });
  it('takes another count', () => {
    expect(ymd(shipBy(local(2027, 1, 8), 1))).toEqual([2027, 1, 11]);
  });
});
