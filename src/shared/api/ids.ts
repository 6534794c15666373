import { z } from 'zod';

/**
 * A whole number in a range, as a JSON number or a string of digits (ids read from a page's URL
 * are strings). Unlike `z.coerce`, nothing else becomes a number (`[5]`, `true`, `''`, `'1e3'`).
 */
export const int = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** A row id. */
export const ZStrictId = int(1, Number.MAX_SAFE_INTEGER);
