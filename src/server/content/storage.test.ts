import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDiskStorage, isStorageKey } from './storage';

describe('disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-files-'));
  const store = createDiskStorage(root);

  it('stores bytes under a random key and reads them back', async () => {
    const key = await store.put(Buffer.from('solid cube'), '.STL');
    expect(isStorageKey(key)).toBe(true);
    expect(key.endsWith('.stl')).toBe(true);
    expect(store.size(key)).toBe(10);
    const chunks: Buffer[] = [];
    for await (const c of store.read(key) ?? []) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('solid cube');
    await store.remove(key);
    expect(store.read(key)).toBeNull();
  });

  it('never reads outside its folder', () => {
    for (const bad of ['../etc/passwd', '/etc/passwd', 'ab/../../x.stl', 'ab/cdef.stl', '']) {
      expect(store.read(bad)).toBeNull();
      expect(store.size(bad)).toBeNull();
    }
  });

  it('refuses odd extensions', async () => {
    await expect(store.put(Buffer.from('x'), '../sh')).rejects.toThrow();
    await expect(store.put(Buffer.from('x'), 'toolongextension')).rejects.toThrow();
  });
});
