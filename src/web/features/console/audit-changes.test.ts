import { describe, expect, it } from 'vitest';
import { changes } from './audit-changes';

describe("the audit log's changes", () => {
  it('lists the fields that differ, with both values', () => {
    expect(changes({ a: 1, b: true, c: [1] }, { a: 1, b: false, c: [1, 2] })).toEqual([
      { field: 'b', before: true, after: false },
      { field: 'c', before: [1], after: [1, 2] },
    ]);
  });
  it('lists every field of a creation and of a removal', () => {
    expect(changes(null, { id: 3 })).toEqual([{ field: 'id', before: undefined, after: 3 }]);
    expect(changes({ id: 3 }, null)).toEqual([{ field: 'id', before: 3, after: undefined }]);
  });
  it('shows a value that is not an object whole, and nothing when nothing changed', () => {
    expect(changes(null, 'x')).toEqual([{ field: '', before: null, after: 'x' }]);
    expect(changes({ a: 1 }, { a: 1 })).toEqual([]);
    expect(changes(null, null)).toEqual([]);
  });
});
