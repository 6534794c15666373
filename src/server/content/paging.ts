import type { Page } from '../../shared/api/content';

/** Offset of a 1-based page. */
export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/** Wraps one page of rows with the total the list has. */
export function pageOf<T>(list: T[], q: { page: number; pageSize: number }, total: number): Page<T> {
  return { list, page: q.page, pageSize: q.pageSize, total, hasMore: offsetOf(q) + list.length < total };
}

/** `count(*)` arrives as a string from pg's bigint and as a number from SQLite. */
export const toCount = (v: unknown) => Number(v ?? 0);
