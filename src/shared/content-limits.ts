/**
 * Limits of the content domain that both the browser and the server use (kept apart from the
 * zod contracts in `api/content.ts`, which the browser must not bundle).
 */

/** Lists page with page size 10 by default. */
export const DEFAULT_PAGE_SIZE = 10;
/** Characters of a comment or reply, after trimming. */
export const COMMENT_MAX_LENGTH = 1000;
/** Replies shown under a comment before "more replies". */
export const INLINE_REPLIES = 3;
