import { describe, expect, it } from 'vitest';
import { buttonClass } from './button';

describe('buttonClass', () => {
  it('gives the filled brand button by default and adds the look asked for', () => {
    expect(buttonClass({})).toBe('btn');
    expect(buttonClass({ block: true })).toBe('btn btn-block');
    expect(buttonClass({ variant: 'secondary', block: true })).toBe('btn btn-secondary btn-block');
    expect(buttonClass({ variant: 'danger-outline', small: true }, 'extra')).toBe('btn btn-danger-outline btn-small extra');
  });
});
