import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { remBase } from '../shared/rem';
import { REM_SCRIPT } from './rem-script';

describe('remBase', () => {
  it('is a tenth of the screen width, capped at the 750 design width', () => {
    expect(remBase(320)).toBe(32);
    expect(remBase(375)).toBe(37.5);
    expect(remBase(750)).toBe(75);
    expect(remBase(1920)).toBe(75);
  });
  it('falls back to a phone width for odd input', () => {
    expect(remBase(0)).toBe(37.5);
    expect(remBase(Number.NaN)).toBe(37.5);
  });
});

describe('the inline rem script', () => {
  function run(width: number) {
    const listeners: Record<string, (e: unknown) => void> = {};
    const doc = { documentElement: { clientWidth: width, style: { fontSize: '' } } };
    const win = {
      innerWidth: width,
      addEventListener: (name: string, fn: (e: unknown) => void) => {
        listeners[name] = fn;
      },
    };
    vm.runInNewContext(REM_SCRIPT, { document: doc, window: win, setTimeout, clearTimeout });
    return { doc, listeners };
  }

  it('sets the same root size as remBase before first paint', () => {
    for (const w of [320, 375, 414, 750, 1280]) expect(run(w).doc.documentElement.style.fontSize).toBe(`${remBase(w)}px`);
  });

  it('recomputes on resize after a 300 ms debounce', () => {
    vi.useFakeTimers();
    try {
      const listeners: Record<string, () => void> = {};
      const doc = { documentElement: { clientWidth: 375, style: { fontSize: '' } } };
      const win = { innerWidth: 375, addEventListener: (n: string, f: () => void) => (listeners[n] = f) };
      vm.runInNewContext(REM_SCRIPT, { document: doc, window: win, setTimeout, clearTimeout });
      doc.documentElement.clientWidth = 600;
      listeners.resize?.();
      vi.advanceTimersByTime(299);
      expect(doc.documentElement.style.fontSize).toBe('37.5px');
      listeners.resize?.();
      vi.advanceTimersByTime(299);
      expect(doc.documentElement.style.fontSize).toBe('37.5px');
      vi.advanceTimersByTime(1);
      expect(doc.documentElement.style.fontSize).toBe('60px');
    } finally {
      vi.useRealTimers();
    }
  });
});
