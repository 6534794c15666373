/**
 * What is refused as G-code, and why: binary G-code, ZIP archives, empty or binary data and text
 * that is not G-code, told apart from the first MB of the file.
 */
import { decodeGcode } from './decode';

/** The input is not a (text) G-code file. */
export class GcodeFormatError extends Error {
  override name = 'GcodeFormatError';
}

export const binaryGcode = () =>
  new GcodeFormatError(
    'This is a binary G-code file (.bgcode, starts with "GCDE"); export it as plain-text G-code to read its parameters.',
  );
export const zipArchive = () => new GcodeFormatError('This is a ZIP archive (a 3MF project or model?), not a G-code file.');

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
export function assertGcode(text: string, whole = true): void {
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
