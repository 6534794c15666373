import { describe, expect, it } from 'vitest';
import { jsonShape } from './json-shape';

const shape = (text: string, maxDepth = 3, maxMembers = 3) => jsonShape(Buffer.from(text), { maxDepth, maxMembers });

describe('jsonShape', () => {
  it('measures nesting and members of objects and arrays', () => {
    expect(shape('[{"a":[1,2,3]}]')).toBe('ok');
    expect(shape('[{"a":[[1]]}]')).toBe('too_deep');
    expect(shape('{"a":1,"b":2,"c":3}')).toBe('ok');
    expect(shape('{"a":1,"b":2,"c":3,"d":4}')).toBe('too_many_members');
    // Siblings do not add up: each container counts its own members.
    expect(shape('[[1,2,3],[1,2,3],[1,2,3]]')).toBe('ok');
  });

  it('ignores brackets and commas inside strings, escaped quotes included', () => {
    expect(shape('["[[[[,,,,", "{\\"}}}{{{{"]')).toBe('ok');
    expect(shape('["\\\\", [[[1]]]]')).toBe('too_deep');
  });
});
