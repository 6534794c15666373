import { inflateRawSync } from 'node:zlib';

/**
 * A ZIP archive's central directory, read without inflating anything: what each entry declares.
 * Used to check a 3MF model (an OPC package in a ZIP) before storing it, since visitors' 3D
 * viewers inflate it: the declared sizes are what they allocate.
 */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (nothing else is accepted). */
  method: number;
  compressedSize: number;
  size: number;
  /** Where the entry's data starts in the archive. */
  dataStart: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U16 = 0xffff;
const U32 = 0xffffffff;

/** Not a readable archive (`format`), or one with more entries than asked for (`limit`). */
export class ZipFormatError extends Error {
  constructor(
    message: string,
    readonly kind: 'format' | 'limit' = 'format',
  ) {
    super(message);
  }
}

const fail = (why: string): never => {
  throw new ZipFormatError(why);
};

/** A 64-bit little-endian number that must fit in a double exactly (archives here are far smaller). */
const u64 = (b: Buffer, at: number) => {
  const n = b.readBigUInt64LE(at);
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : fail('a ZIP64 field is out of range');
};

/**
 * The entries of `b`, checked for consistency: one disk, the directory and every entry's data
 * inside the file, data regions that do not overlap (overlapping entries are how some archive
 * bombs multiply one compressed block), no encryption, stored or deflated only.
 */
export function readZipDirectory(b: Buffer, maxEntries: number): ZipEntry[] {
  // The end record is in the last 22 bytes plus a comment of up to 65,535.
  let eocd = -1;
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - U16); at--) {
    if (b.readUInt32LE(at) === EOCD && at + 22 + b.readUInt16LE(at + 20) === b.length) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) fail('no ZIP end-of-directory record');
  let count = b.readUInt16LE(eocd + 10);
  let size = b.readUInt32LE(eocd + 12);
  let offset = b.readUInt32LE(eocd + 16);
  if (b.readUInt16LE(eocd + 4) !== 0 || b.readUInt16LE(eocd + 6) !== 0 || b.readUInt16LE(eocd + 8) !== count)
    fail('a multi-disk ZIP archive');
  if (count === U16 || size === U32 || offset === U32) {
    const locator = eocd - 20;
    if (locator < 0 || b.readUInt32LE(locator) !== ZIP64_LOCATOR) fail('no ZIP64 locator');
    const record = u64(b, locator + 8);
    if (record + 56 > locator || b.readUInt32LE(record) !== ZIP64_EOCD) fail('no ZIP64 end-of-directory record');
    count = u64(b, record + 32);
    size = u64(b, record + 40);
    offset = u64(b, record + 48);
  }
  if (count > maxEntries) throw new ZipFormatError(`${count} entries`, 'limit');
  if (offset + size > eocd) fail('the ZIP directory lies outside the file');

  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > offset + size || b.readUInt32LE(at) !== CENTRAL) fail(`ZIP directory entry ${i} is broken`);
    const flags = b.readUInt16LE(at + 8);
    const method = b.readUInt16LE(at + 10);
    let compressedSize = b.readUInt32LE(at + 20);
    let entrySize = b.readUInt32LE(at + 24);
    const nameLength = b.readUInt16LE(at + 28);
    const extraLength = b.readUInt16LE(at + 30);
    const next = at + 46 + nameLength + extraLength + b.readUInt16LE(at + 32);
    let local = b.readUInt32LE(at + 42);
    if (next > offset + size) fail(`ZIP directory entry ${i} is broken`);
    const name = b.toString('utf8', at + 46, at + 46 + nameLength);
    if (flags & 1) fail(`${name} is encrypted`);
    if (method !== 0 && method !== 8) fail(`${name} uses compression method ${method}`);
    // ZIP64: the values set to 0xFFFFFFFF above follow in the extra field 0x0001, in this order.
    if (entrySize === U32 || compressedSize === U32 || local === U32) {
      const zip64 = extraField(b, at + 46 + nameLength, extraLength, 0x0001) ?? fail(`${name}: no ZIP64 sizes`);
      let pos = zip64.start;
      const take = () => {
        if (pos + 8 > zip64.end) fail(`${name}: short ZIP64 sizes`);
        pos += 8;
        return u64(b, pos - 8);
      };
      if (entrySize === U32) entrySize = take();
      if (compressedSize === U32) compressedSize = take();
      if (local === U32) local = take();
    }
    if (local + 30 > offset || b.readUInt32LE(local) !== LOCAL) fail(`${name}: no local header`);
    const dataStart = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    if (dataStart + compressedSize > offset) fail(`${name}: data lies outside the file`);
    if (method === 0 && compressedSize !== entrySize) fail(`${name}: stored with two sizes`);
    entries.push({ name, method, compressedSize, size: entrySize, dataStart });
    at = next;
  }
  const byStart = [...entries].sort((x, y) => x.dataStart - y.dataStart);
  for (let i = 1; i < byStart.length; i++) {
    const [prev, cur] = [byStart[i - 1] as ZipEntry, byStart[i] as ZipEntry];
    if (cur.dataStart < prev.dataStart + prev.compressedSize) fail(`${prev.name} and ${cur.name} overlap`);
  }
  return entries;
}

function extraField(b: Buffer, from: number, length: number, id: number) {
  for (let at = from; at + 4 <= from + length; ) {
    const size = b.readUInt16LE(at + 2);
    if (b.readUInt16LE(at) === id) return { start: at + 4, end: Math.min(at + 4 + size, from + length) };
    at += 4 + size;
  }
  return null;
}

/** An entry's bytes, inflated up to its declared size (a larger stream is refused, not read on). */
export function readZipEntry(b: Buffer, entry: ZipEntry): Buffer {
  const data = b.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) return data;
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
  } catch {
    return fail(`${entry.name} does not inflate to its declared size`);
  }
}
