import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live. Keys are made here (random, with the file's
 * extension), never taken from a caller, so a key cannot point outside the store. The disk store
 * is the default; an object store can implement the same interface.
 */
export interface FileStorage {
  put(bytes: Uint8Array, extension: string): Promise<string>;
  read(key: string): Readable | null;
  /** The file's path on this machine when the store is a local disk (read there without a stream), else null. */
  localPath(key: string): string | null;
  size(key: string): number | null;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{30}\.[a-z0-9]{1,8}$/;
export const isStorageKey = (key: string) => KEY.test(key);

export function createDiskStorage(root: string): FileStorage {
  const abs = path.resolve(root);
  const fileOf = (key: string) => (isStorageKey(key) ? path.join(abs, key) : null);
  return {
    async put(bytes, extension) {
      const ext = extension.toLowerCase().replace(/^\./, '');
      if (!/^[a-z0-9]{1,8}$/.test(ext)) throw new Error(`unsupported file extension: ${extension}`);
      const id = crypto.randomBytes(16).toString('hex');
      const key = `${id.slice(0, 2)}/${id.slice(2)}.${ext}`;
      const file = path.join(abs, key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(temp, bytes);
      await fs.promises.rename(temp, file);
      return key;
    },
    read(key) {
      const file = fileOf(key);
      return file && fs.existsSync(file) ? fs.createReadStream(file) : null;
    },
    localPath(key) {
      const file = fileOf(key);
      return file && fs.existsSync(file) ? file : null;
    },
    size(key) {
      const file = fileOf(key);
      const stat = file ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
      return stat?.isFile() ? stat.size : null;
    },
    async remove(key) {
      const file = fileOf(key);
      if (file) await fs.promises.rm(file, { force: true });
    },
  };
}
