const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields whose values differ between before and after (all of them for a creation or a removal);
 * a value that is not an object is one change with no field name.
 */
export function changes(before: unknown, after: unknown): { field: string; before: unknown; after: unknown }[] {
  if ((isRecord(before) || before === null) && (isRecord(after) || after === null) && (before || after)) {
    const b = before ?? {};
    const a = after ?? {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).map((k) => ({ field: k, before: b[k], after: a[k] }));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '', before, after }];
}
