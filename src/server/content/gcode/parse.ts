/**
 * Turns a sliced G-code file into the parameters of a slice (print profile) as the product shows
 * them, plus its toolpath preview. Reads the comments slicers write (PrusaSlicer family, Cura and
 * the slicers with formats of their own) from the head and the tail, and the moves in one pass
 * as the file streams by (see `GcodeStream`). Nothing is guessed: what the file does not say
 * stays null (see `SliceParameters`).
 */
import { createReadStream } from 'node:fs';
import type { SliceParameters } from '../../../shared/slice';
import { GcodeFormatError } from './refusals';
import { type GcodeResult, GcodeStream } from './stream';

export type { SliceParameters } from '../../../shared/slice';
export { checkGcodeHead, GcodeFormatError } from './refusals';
export type { GcodeResult } from './stream';

/** Text is fed to the stream in pieces of this many bytes, like a file read. */
const PIECE = 1 << 20;

/**
 * @param input the whole G-code text
 * @param fileSizeBytes the file's size; when omitted, the UTF-8 length of `input`
 * @throws GcodeFormatError for empty, binary (`.bgcode`, ZIP/3MF, NUL bytes) or non-G-code input
 */
export function parseGcode(input: string, fileSizeBytes?: number): SliceParameters {
  if (typeof input !== 'string') throw new GcodeFormatError('G-code must be given as text.');
  return readGcodeBytes(Buffer.from(input, 'utf8'), fileSizeBytes).params;
}

/** Parameters and toolpath of a file's bytes held in memory (read in pieces, like a stream). */
export function readGcodeBytes(bytes: Uint8Array, fileSizeBytes?: number): GcodeResult {
  const stream = new GcodeStream();
  for (let at = 0; at < bytes.byteLength; at += PIECE) stream.push(bytes.subarray(at, at + PIECE));
  return stream.finish(fileSizeBytes);
}

/** Parameters and toolpath of pieces as they arrive (a file or upload stream). */
export async function readGcodeStream(pieces: AsyncIterable<Uint8Array>, fileSizeBytes?: number): Promise<GcodeResult> {
  const stream = new GcodeStream();
  for await (const piece of pieces) stream.push(piece);
  return stream.finish(fileSizeBytes);
}

/** Reads and parses a G-code file from disk, streamed; a binary G-code or a ZIP/3MF is refused from its head. */
export async function parseGcodeFile(path: string): Promise<SliceParameters> {
  return (await readGcodeStream(createReadStream(path))).params;
}
