/**
 * Reads a G-code file as it arrives, in pieces, with memory that does not grow with the file:
 * the settings slicers write are in the first and the last lines, so the head and a window of
 * the tail are kept as bytes; the moves in between are read once and let go. The head is checked
 * (binary, archive, not G-code) before anything else is read.
 */
import { emptyParameters, type SliceParameters } from '../../../shared/slice';
import type { Toolpath } from '../../../shared/toolpath';
import { type CommentScan, scanComments } from './comments';
import { applyCura, decodeSetting3 } from './cura';
import { isTruncated } from './damage';
import { detectEncoding, normaliseLineEnds, utf16Bom } from './decode';
import { type MoveScan, MoveScanner } from './moves';
import { applyOwnDialect } from './others';
import { applyPrusa } from './prusa';
import { assertGcode, binaryGcode, GcodeFormatError, zipArchive } from './refusals';
import { detectDialect, detectSlicer } from './slicers';
import { layerHeightOption } from './values';

export interface GcodeResult {
  params: SliceParameters;
  toolpath: Toolpath | null;
}

/** Bytes looked at before the rest of the file is read. */
const HEAD_CHECK = 1 << 20;
/** The first bytes, kept for the header's comments (config blocks after large thumbnails fit). */
const HEAD_KEEP = 4 << 20;
/** The last bytes, kept for the summary and config block slicers write at the end. */
const TAIL_KEEP = 4 << 20;
/** Bytes decoded to text at a time (UTF-16 text: half as many characters). */
const DECODE_BYTES = 32 * 1024;
/** The file bytes a stream holds at most, plus the piece being read. */
export const GCODE_BUFFER_BOUND = HEAD_KEEP + TAIL_KEEP;

export class GcodeStream {
  private total = 0;
  /** The first bytes of the file (grown up to `HEAD_KEEP`). */
  private head: Buffer = Buffer.alloc(0);
  private headBytes = 0;
  /** The last bytes after the head, in a ring: `ringAt` is where the next byte goes. */
  private ring: Buffer | null = null;
  private ringAt = 0;
  private tailBytes = 0;
  private started = false;
  private utf16: TextDecoder | null = null;
  private crOnly = false;
  private readonly moves = new MoveScanner();
  /** The most file bytes held at once (head and tail windows). */
  peakBufferedBytes = 0;

  /**
   * The next piece of the file, read during the call and not kept (its buffer may be reused).
   * @throws GcodeFormatError as soon as the head shows the file is not G-code
   */
  push(piece: Uint8Array): void {
    if (piece.byteLength === 0) return;
    this.total += piece.byteLength;
    this.keep(piece);
    if (this.started) this.read(piece);
    else if (this.total >= HEAD_CHECK) this.start(piece);
  }

  /**
   * @param fileSizeBytes the file's size when known (else the bytes pushed)
   * @throws GcodeFormatError
   */
  finish(fileSizeBytes?: number): GcodeResult {
    if (!this.started) this.start(new Uint8Array(0));
    if (this.utf16) this.moves.feed(this.utf16.decode());
    const moves = this.moves.finish();
    if (moves.commands === 0) throw new GcodeFormatError('The file holds no G-code command.');
    const size = fileSizeBytes !== undefined && Number.isSafeInteger(fileSizeBytes) && fileSizeBytes >= 0 ? fileSizeBytes : this.total;
    return { params: parameters(this.comments(), moves, size), toolpath: moves.toolpath };
  }

  private keep(piece: Uint8Array): void {
    let rest = piece;
    if (this.headBytes < HEAD_KEEP) {
      const take = Math.min(rest.byteLength, HEAD_KEEP - this.headBytes);
      if (this.headBytes + take > this.head.byteLength) {
        const grown = Buffer.allocUnsafe(Math.min(HEAD_KEEP, Math.max(64 * 1024, 2 * (this.headBytes + take))));
        this.head.copy(grown, 0, 0, this.headBytes);
        this.head = grown;
      }
      this.head.set(rest.subarray(0, take), this.headBytes);
      this.headBytes += take;
      rest = rest.subarray(take);
    }
    if (rest.byteLength > 0) {
      this.ring ??= Buffer.allocUnsafe(TAIL_KEEP);
      // Only the last TAIL_KEEP bytes of a piece larger than the ring matter.
      if (rest.byteLength > TAIL_KEEP) rest = rest.subarray(rest.byteLength - TAIL_KEEP);
      const first = Math.min(rest.byteLength, TAIL_KEEP - this.ringAt);
      this.ring.set(rest.subarray(0, first), this.ringAt);
      this.ring.set(rest.subarray(first), 0);
      this.ringAt = (this.ringAt + rest.byteLength) % TAIL_KEEP;
      this.tailBytes = Math.min(TAIL_KEEP, this.tailBytes + rest.byteLength);
    }
    this.peakBufferedBytes = Math.max(this.peakBufferedBytes, this.head.byteLength + (this.ring?.byteLength ?? 0));
  }

  /**
   * Checks the head, then reads what arrived so far: every byte before `piece` is in the head
   * (the check comes before the head is full), and `piece` is the one that made the head long enough.
   */
  private start(piece: Uint8Array): void {
    this.started = true;
    const head = this.head.subarray(0, this.headBytes);
    const magic = head.toString('latin1', 0, 4);
    if (magic === 'GCDE') throw binaryGcode();
    if (magic === 'PK\u0003\u0004') throw zipArchive();
    const bom = utf16Bom(head);
    if (bom) this.utf16 = new TextDecoder(bom);
    const text = decode(wholeLines(head, bom), detectEncoding(head));
    assertGcode(text, false);
    const sample = text.slice(0, 65_536);
    this.crOnly = sample.includes('\r') && !sample.includes('\n');
    this.read(head);
    const beyondHead = this.total - this.headBytes;
    if (beyondHead > 0) this.read(piece.subarray(piece.byteLength - beyondHead));
  }

  private read(piece: Uint8Array): void {
    // In small parts: V8 puts a string of more than about 128 KB in its large-object space, which
    // only a full collection frees; smaller ones die young and cheaply.
    for (let at = 0; at < piece.byteLength; at += DECODE_BYTES) {
      const part = piece.subarray(at, at + DECODE_BYTES);
      let text = this.utf16
        ? this.utf16.decode(part, { stream: true })
        : Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('latin1');
      if (this.crOnly) text = text.replaceAll('\r', '\n');
      this.moves.feed(text);
    }
  }

  /** The tail window's bytes in file order. */
  private tailWindow(): Buffer {
    const ring = this.ring;
    if (ring === null) return Buffer.alloc(0);
    if (this.tailBytes < TAIL_KEEP) return ring.subarray(0, this.tailBytes);
    return Buffer.concat([ring.subarray(this.ringAt), ring.subarray(0, this.ringAt)]);
  }

  /** The comments of the kept head and tail, decoded in the encoding both show. */
  private comments(): CommentScan {
    const head = this.head.subarray(0, this.headBytes);
    const tail = this.tailWindow();
    const tailStart = this.total - this.tailBytes;
    if (tailStart === this.headBytes) {
      const whole = Buffer.concat([head, tail]);
      return scanComments(normaliseLineEnds(decode(whole, detectEncoding(whole))));
    }
    const bom = utf16Bom(head);
    const headLines = wholeLines(head, bom);
    // From the first whole line of the window (UTF-16 from an even offset).
    let tailLines: Uint8Array = bom && tailStart % 2 === 1 ? tail.subarray(1) : tail;
    const firstBreak = newlineAfter(tailLines, bom);
    tailLines = firstBreak === -1 ? tailLines.subarray(tailLines.byteLength) : tailLines.subarray(firstBreak);
    const encoding = bom ?? detectEncoding(Buffer.concat([headLines, tailLines]));
    return scanComments(normaliseLineEnds(decode(headLines, encoding)), normaliseLineEnds(decode(tailLines, encoding)));
  }
}

const decode = (bytes: Uint8Array, encoding: string): string => new TextDecoder(encoding).decode(bytes);

/** The bytes up to the last line break, so no character is cut in two. */
function wholeLines(bytes: Buffer, bom: 'utf-16le' | 'utf-16be' | null): Buffer {
  let end = bytes.lastIndexOf(0x0a);
  if (end <= 0) return bytes;
  if (bom === 'utf-16le') end += 2;
  else end += 1;
  return bytes.subarray(0, Math.min(end, bytes.byteLength));
}

/** The offset just after the first line break (UTF-16: after its two bytes), or -1. */
function newlineAfter(bytes: Uint8Array, bom: 'utf-16le' | 'utf-16be' | null): number {
  if (!bom) {
    const at = bytes.indexOf(0x0a);
    return at === -1 ? -1 : at + 1;
  }
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    if ((bom === 'utf-16le' ? bytes[i] : bytes[i + 1]) === 0x0a && (bom === 'utf-16le' ? bytes[i + 1] : bytes[i]) === 0) return i + 2;
  }
  return -1;
}

/** The parameters the comments state, completed from the moves where they say nothing. */
function parameters(scan: CommentScan, moves: MoveScan, fileSizeBytes: number): SliceParameters {
  const p = emptyParameters();
  p.fileSizeBytes = fileSizeBytes;
  p.slicer = detectSlicer(scan);
  p.dialect = detectDialect(p.slicer?.name ?? null, scan);
  let headerTop: number | null = null;
  if (p.dialect === 'prusa') headerTop = applyPrusa(p, scan.kv, scan.tags, p.slicer?.name ?? null);
  else if (p.dialect === 'cura') applyCura(p, scan.tags, decodeSetting3(scan.setting3));
  else if (p.dialect !== null) applyOwnDialect(p.dialect, p, scan);
  p.layerHeightOption = layerHeightOption(p.layerHeightMm);

  // The extents and layers the comments did not give, and whether the moves reach what they state.
  const statedTop = p.dimensionsSource === 'comments' ? (p.dimensions?.z ?? null) : headerTop;
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
