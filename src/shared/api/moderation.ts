import { z } from 'zod';
import { int, ZStrictId } from './ids';
import { OPERATIONS_API as API, REPORT_REASONS, REPORTED_KINDS, type TReportedKind, type TReportReason } from './routes-operations';

/**
 * Reports and moderation. Signed-in visitors report a model, post, comment or profile once each,
 * with a reason from a short list; staff with the `content` scope work the queue of reported
 * items: hide a model, post or comment (it disappears from every page and list at once), restore
 * it, or dismiss the reports.
 */
export { REPORT_REASONS, REPORTED_KINDS, type TReportedKind, type TReportReason };
export const HIDEABLE_KINDS = ['model', 'post', 'comment'] as const;

const note = z
  .string()
  .trim()
  .max(500)
  .refine((s) => !/[^\P{Cc}\n\r\t]/u.test(s), 'must not contain control characters')
  .default('');

export const report = {
  ...API.report,
  input: z.strictObject({ itemType: z.enum(REPORTED_KINDS), itemId: ZStrictId, reason: z.enum(REPORT_REASONS), note }),
  result: z.object({ reported: z.literal(true) }),
} as const;

const ZQueueItem = z.object({
  itemType: z.enum(REPORTED_KINDS),
  itemId: z.string(),
  /** What staff read to decide: a title, the start of a text, or a nickname. */
  excerpt: z.string(),
  authorName: z.string(),
  /** Where visitors see it. */
  link: z.string(),
  reports: z.number(),
  reasons: z.partialRecord(z.enum(REPORT_REASONS), z.number()),
  notes: z.array(z.string()),
  lastReportedAt: z.number(),
  hidden: z.boolean(),
  /** The latest decision on it, if any. */
  decision: z.object({ action: z.enum(['hidden', 'restored', 'dismissed']), at: z.number() }).nullable(),
});
export type QueueItem = z.infer<typeof ZQueueItem>;

export const queue = {
  ...API.queue,
  input: z.object({
    /** open: reported since the last decision; hidden: hidden now; all: every reported item. */
    state: z.enum(['open', 'hidden', 'all']).default('open'),
    itemType: z.enum(REPORTED_KINDS).optional(),
    limit: int(1, 100).default(50),
  }),
  result: z.object({ list: z.array(ZQueueItem) }),
} as const;

const item = z.strictObject({ itemType: z.enum(HIDEABLE_KINDS), itemId: ZStrictId });

export const hide = { ...API.hide, input: item, result: ZQueueItem } as const;
export const restore = { ...API.restore, input: item, result: ZQueueItem } as const;
/** The reports need no action: the item leaves the open queue (a new report brings it back). */
export const dismiss = {
  ...API.dismiss,
  input: z.strictObject({ itemType: z.enum(REPORTED_KINDS), itemId: ZStrictId }),
  result: ZQueueItem,
} as const;
