/**
 * Turns a sliced G-code file into the parameters of a slice (print profile) as the product shows
 * them. Reads the comments slicers write (PrusaSlicer family and Cura dialects) from the header and
 * the tail only, plus one streaming pass over the moves when the comments give no dimensions or no
 * layer count. Nothing is guessed: what the file does not say stays null (see `SliceParameters`).
 */
import { readFile } from 'node:fs/promises';
import { emptyParameters, type SliceParameters } from '../../../shared/slice';
import { scanComments } from './comments';
import { applyCura, decodeSetting3 } from './cura';
import { isTruncated } from './damage';
import { decodeGcode, normaliseLineEnds } from './decode';
import { scanMoves } from './moves';
import { applyOwnDialect } from './others';
import { applyPrusa } from './prusa';
import { detectDialect, detectSlicer } from './slicers';
import { layerHeightOption } from './values';

export type { SliceParameters } from '../../../shared/slice';

/** The input is not a (text) G-code file. */
export class GcodeFormatError extends Error {
  override name = 'GcodeFormatError';
}

/**
 * @param text the whole G-code text
 * @param fileSizeBytes the file's size; when omitted, the UTF-8 length of `text`
 * @throws GcodeFormatError for empty, binary (`.bgcode`, ZIP/3MF, NUL bytes) or non-G-code input
 */
export function parseGcode(input: string, fileSizeBytes?: number): SliceParameters {
  assertGcode(input);
  const text = normaliseLineEnds(input.startsWith('\uFEFF') ? input.slice(1) : input);
  const p = emptyParameters();
  p.fileSizeBytes =
    fileSizeBytes !== undefined && Number.isSafeInteger(fileSizeBytes) && fileSizeBytes >= 0
      ? fileSizeBytes
      : Buffer.byteLength(text, 'utf8');

  const scan = scanComments(text);
  p.slicer = detectSlicer(scan);
  p.dialect = detectDialect(p.slicer?.name ?? null, scan);
  let headerTop: number | null = null;
  if (p.dialect === 'prusa') headerTop = applyPrusa(p, scan.kv, scan.tags, p.slicer?.name ?? null);
  else if (p.dialect === 'cura') applyCura(p, scan.tags, decodeSetting3(scan.setting3));
  else if (p.dialect !== null) applyOwnDialect(p.dialect, p, scan);
  p.layerHeightOption = layerHeightOption(p.layerHeightMm);

  // One pass over the moves: the extents and layers the comments did not give, and whether the
  // moves reach what the comments state.
  const statedTop = p.dimensionsSource === 'comments' ? (p.dimensions?.z ?? null) : headerTop;
  const moves = scanMoves(text);
  if (p.dimensions === null && moves.dimensions) {
    // The header's height is the slicer's own; x and y can only come from the moves here.
    p.dimensions = headerTop === null ? moves.dimensions : { ...moves.dimensions, z: headerTop };
    p.dimensionsSource = 'moves';
  }
  if (p.layers === null && moves.layers !== null) {
    p.layers = moves.layers;
    p.layersSource = 'markers';
  }
  p.truncated = isTruncated(p, scan, moves, statedTop);
  return p;
}

/** Reads and parses a G-code file; a binary G-code (`GCDE`) or a ZIP/3MF is refused before decoding. */
export async function parseGcodeFile(path: string): Promise<SliceParameters> {
  const bytes = await readFile(path);
  const magic = bytes.subarray(0, 4).toString('latin1');
  if (magic === 'GCDE') throw binaryGcode();
  if (magic === 'PK\u0003\u0004') throw zipArchive();
  return parseGcode(decodeGcode(bytes), bytes.length);
}

const binaryGcode = () =>
  new GcodeFormatError(
    'This is a binary G-code file (.bgcode, starts with "GCDE"); export it as plain-text G-code to read its parameters.',
  );
const zipArchive = () => new GcodeFormatError('This is a ZIP archive (a 3MF project or model?), not a G-code file.');

const SAMPLE_CHARS = 1 << 20;
const SAMPLE_LINES = 2000;
const COMMAND = /^[GMT]\d/i;

/**
 * Checks the head of a G-code file without parsing it (uploads are checked this way; the parse
 * runs later, off the main thread): binary G-code, ZIP and non-G-code text are refused.
 * @throws GcodeFormatError
 */
export function checkGcodeHead(bytes: Uint8Array): void {
  const magic = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(4, bytes.byteLength)).toString('latin1');
  if (magic === 'GCDE') throw binaryGcode();
  if (magic === 'PK\u0003\u0004') throw zipArchive();
  if (bytes.byteLength <= HEAD_BYTES) {
    assertGcode(decodeGcode(bytes));
    return;
  }
  // Whole lines only, so a character is not cut in two (UTF-16 lines end in 0A 00 or 00 0A).
  let end = bytes.lastIndexOf(0x0a, HEAD_BYTES);
  if (end <= 0) end = HEAD_BYTES;
  if (bytes[0] === 0xff || bytes[0] === 0xfe) end += end % 2 === 0 ? 0 : 1;
  assertGcode(decodeGcode(bytes.subarray(0, end)), false);
}

const HEAD_BYTES = 1 << 20;

/**
 * Refuses what is clearly not text G-code, looking at the first MB only, plus one search for a
 * command when `whole` (the text is the whole file).
 */
function assertGcode(text: string, whole = true): void {
  if (typeof text !== 'string') throw new GcodeFormatError('G-code must be given as text.');
  if (text.startsWith('GCDE')) throw binaryGcode();
  if (text.startsWith('PK\u0003\u0004')) throw zipArchive();
  const sample = text.slice(0, SAMPLE_CHARS);
  if (sample.trim().length === 0) throw new GcodeFormatError('The file is empty.');
  if (sample.includes('\u0000')) throw new GcodeFormatError('The file holds binary data, not G-code text.');

  let commands = 0;
  let comments = 0;
  let other = 0;
  const lines = sample.split('\n', SAMPLE_LINES);
  for (const raw of lines) {
    const line = raw.trim();
    if (line.length === 0) continue;
    if (line.length > 4096) other++;
    else if (COMMAND.test(line)) commands++;
    else if (line.startsWith(';') || line.startsWith('(') || line === '%') comments++;
    else other++;
  }
  const known = commands + comments;
  if (known === 0 || other > known) throw new GcodeFormatError('The file does not look like G-code.');
  if (commands === 0 && whole && !/^[ \t]*[GM]\d/m.test(text)) throw new GcodeFormatError('The file holds no G-code command.');
}
