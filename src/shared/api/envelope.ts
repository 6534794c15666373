import { z } from 'zod';

/** Every API answer: `{ code, msg, result }`. */
export const ZEnvelope = <T extends z.ZodType>(result: T) => z.object({ code: z.number().int(), msg: z.string(), result });

export interface Envelope<T> {
  code: number;
  msg: string;
  result: T;
}

/** Default page size 10. Shared paging input for list calls. */
export const DEFAULT_PAGE_SIZE = 10;
export const ZPage = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});

/** A parameter problem as reported in `result` of a code-1 answer. */
export interface FieldIssue {
  field: string;
  message: string;
}
