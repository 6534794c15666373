import { Readable } from 'node:stream';
import { constants, createInflateRaw, inflateRawSync } from 'node:zlib';
import { checkGcodeHead, GcodeFormatError } from '../gcode/refusals';
import { MAX_3MF, unpackedProblem } from './three-mf';
import { readZipDirectory, type ZipEntry, ZipFormatError } from './zip-directory';

/**
 * A sliced 3MF project (`.gcode.3mf`, as Bambu Studio and OrcaSlicer export a slice): a ZIP whose
 * `Metadata/plate_N.gcode` parts hold each plate's G-code, beside its thumbnails
 * (`Metadata/plate_N.png`) and `Metadata/slice_info.config`. It is a slice, not a model: its
 * G-code is what is read, streamed out of the archive, never unpacked whole.
 */
const PLATE_GCODE = /^Metadata\/plate_(\d+)\.gcode$/i;
/** Packed bytes of the plate's G-code inflated to check its head on upload. */
const HEAD_PACKED = 256 * 1024;

/** The first plate's G-code part, or null when the archive holds none (a model, not a slice). */
export function plateGcode(entries: readonly ZipEntry[]): ZipEntry | null {
  let found: ZipEntry | null = null;
  let lowest = Number.POSITIVE_INFINITY;
  for (const e of entries) {
    const plate = Number(PLATE_GCODE.exec(e.name)?.[1]);
    if (Number.isInteger(plate) && plate < lowest) {
      lowest = plate;
      found = e;
    }
  }
  return found;
}

export type Gcode3mfCheck = { ok: true; isSlice: boolean } | { ok: false; problem: 'unsupported' | 'unpacked' | 'gcode'; reason: string };

/**
 * Whether a ZIP is a sliced 3MF, checked by its directory (the 3MF limits: entries, declared
 * sizes, packing ratio) and the head of its plate's G-code. `isSlice: false`: no plate G-code,
 * left to the model check.
 */
export function checkGcode3mf(bytes: Buffer): Gcode3mfCheck {
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes, MAX_3MF.entries);
  } catch (err) {
    // The model check reads the directory again and explains what is wrong with it.
    if (err instanceof ZipFormatError || err instanceof RangeError) return { ok: true, isSlice: false };
    throw err;
  }
  const plate = plateGcode(entries);
  if (!plate) return { ok: true, isSlice: false };
  const unpacked = unpackedProblem(entries);
  if (unpacked) return { ok: false, problem: 'unpacked', reason: unpacked };
  try {
    checkGcodeHead(plateHead(bytes, plate));
    return { ok: true, isSlice: true };
  } catch (err) {
    if (!(err instanceof GcodeFormatError)) throw err;
    return { ok: false, problem: 'gcode', reason: `${plate.name}: ${err.message}` };
  }
}

/** The first bytes of the plate's G-code (whole lines are cut by the head check). */
function plateHead(bytes: Buffer, plate: ZipEntry): Uint8Array {
  const packed = bytes.subarray(plate.dataStart, plate.dataStart + Math.min(plate.compressedSize, HEAD_PACKED));
  if (plate.method === 0) return packed;
  try {
    // A prefix of the stream: flushed as far as it goes instead of failing at its cut end.
    return inflateRawSync(packed, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: HEAD_PACKED * MAX_3MF.ratio * 2 });
  } catch {
    throw new GcodeFormatError(`${plate.name} does not inflate`);
  }
}

/**
 * The plate's G-code of a sliced 3MF held in memory, inflated as it is read (at most its
 * declared size: a stream that inflates further is cut there).
 * @throws GcodeFormatError when the archive holds no plate G-code
 */
export function plateGcodeStream(bytes: Buffer): { pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>; size: number } {
  let plate: ZipEntry | null;
  try {
    plate = plateGcode(readZipDirectory(bytes, MAX_3MF.entries));
  } catch (err) {
    if (err instanceof ZipFormatError || err instanceof RangeError) throw new GcodeFormatError(`a broken ZIP archive: ${err.message}`);
    throw err;
  }
  if (!plate) throw new GcodeFormatError('This 3MF project holds no sliced plate (Metadata/plate_N.gcode).');
  const packed = bytes.subarray(plate.dataStart, plate.dataStart + plate.compressedSize);
  if (plate.method === 0) return { pieces: [packed], size: plate.size };
  return { pieces: capped(Readable.from([packed]).pipe(createInflateRaw()), plate.size), size: plate.size };
}

async function* capped(stream: AsyncIterable<Buffer>, limit: number): AsyncIterable<Uint8Array> {
  let left = limit;
  try {
    for await (const chunk of stream) {
      if (left <= 0) return;
      yield chunk.byteLength > left ? chunk.subarray(0, left) : chunk;
      left -= chunk.byteLength;
    }
  } catch (err) {
    if (err instanceof Error && 'errno' in err) throw new GcodeFormatError('The plate G-code in this 3MF project does not inflate.');
    throw err;
  }
}
