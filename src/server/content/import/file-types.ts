import type { FileKind } from '../../db/schema-content';
import { utf16Bom } from '../gcode/decode';
import { checkGcodeHead, GcodeFormatError } from '../gcode/refusals';
import { checkGcode3mf } from './gcode-3mf';
import { check3mf } from './three-mf';

/**
 * What an uploaded file is, read from its bytes (never from the name or the Content-Type a
 * client sends): pages serve files with the type recorded here, so a script disguised as an
 * image must not get through. Accepted: PNG, JPEG, WebP and GIF images; STL (binary or ASCII)
 * and 3MF models; MP4 and WebM videos; plain-text G-code and sliced 3MF projects (`.gcode.3mf`).
 */
export interface FileType {
  kind: FileKind;
  /** Shown in messages (the same in every language), e.g. `PNG`. */
  format: string;
  mime: string;
  /** Name endings accepted for this type; the first is the one stored. */
  extensions: readonly [string, ...string[]];
}

const TYPES = {
  png: { kind: 'image', format: 'PNG', mime: 'image/png', extensions: ['png'] },
  jpeg: { kind: 'image', format: 'JPEG', mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  webp: { kind: 'image', format: 'WebP', mime: 'image/webp', extensions: ['webp'] },
  gif: { kind: 'image', format: 'GIF', mime: 'image/gif', extensions: ['gif'] },
  stl: { kind: 'model', format: 'STL', mime: 'model/stl', extensions: ['stl'] },
  '3mf': { kind: 'model', format: '3MF', mime: 'model/3mf', extensions: ['3mf'] },
  mp4: { kind: 'video', format: 'MP4', mime: 'video/mp4', extensions: ['mp4', 'm4v'] },
  webm: { kind: 'video', format: 'WebM', mime: 'video/webm', extensions: ['webm'] },
  gcode: { kind: 'gcode', format: 'G-code', mime: 'text/x-gcode', extensions: ['gcode', 'gco', 'g'] },
  // A sliced 3MF project (`name.gcode.3mf`): its plate's G-code is the slice.
  gcode3mf: { kind: 'gcode', format: 'G-code 3MF', mime: 'model/3mf', extensions: ['3mf'] },
} as const satisfies Record<string, FileType>;

const MB = 1024 * 1024;
/** Largest file per kind (bytes). Uploads are held in memory while checked, hence the caps. */
export const MAX_FILE_BYTES: Record<FileKind, number> = { image: 20 * MB, model: 100 * MB, gcode: 100 * MB, video: 200 * MB };
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(MAX_FILE_BYTES));

/** The type a file name's ending claims (lower case, without the dot), if any. */
export const typeOfExtension = (extension: string): FileType | undefined =>
  Object.values(TYPES as Record<string, FileType>).find((t) => (t.extensions as readonly string[]).includes(extension));

/** The formats of a kind, for messages: `PNG, JPEG, WebP, GIF`. */
export const formatsOf = (kind: FileKind) =>
  Object.values(TYPES as Record<string, FileType>)
    .filter((t) => t.kind === kind)
    .map((t) => t.format)
    .join(', ');

/**
 * `gcode`: a file named as G-code that is not readable G-code (its head is checked; the file is
 * parsed when a slice is made of it). `unpacked`: a 3MF model that would unpack too large (three-mf.ts).
 */
export type Detected = { ok: true; type: FileType } | { ok: false; problem: 'unsupported' | 'gcode' | 'unpacked'; reason: string };

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', from, to);
const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);

// ISO-BMFF brands of still images (HEIF, AVIF) and QuickTime: `ftyp` but not an MP4 video.
const NOT_MP4_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis', 'qt  ', 'crx ']);
const GCODE_EXTENSIONS: readonly string[] = TYPES.gcode.extensions;

/**
 * Identifies `bytes`; `extension` (of the name given, lower case) only decides which explanation
 * a refusal gets: a file named `.gcode` that is not readable G-code gets the parser's reason.
 */
export function detectFileType(bytes: Uint8Array, extension = ''): Detected {
  const found = (type: FileType): Detected => ({ ok: true, type });
  const refuse = (reason: string, problem: 'unsupported' | 'gcode' | 'unpacked' = 'unsupported'): Detected => ({
    ok: false,
    problem,
    reason,
  });
  if (bytes.length === 0) return refuse('the file is empty');

  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return found(TYPES.png);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return found(TYPES.jpeg);
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return found(TYPES.gif);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return found(TYPES.webp);
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    return NOT_MP4_BRANDS.has(brand) ? refuse(`an ISO media file of brand "${brand.trim()}" (not an MP4 video)`) : found(TYPES.mp4);
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: WebM names its DocType in the header; other Matroska files do not play everywhere.
    return ascii(bytes, 0, 64).includes('webm') ? found(TYPES.webm) : refuse('a Matroska file that is not WebM');
  }
  if (ascii(bytes, 0, 4) === 'PK\u0003\u0004') {
    const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const slice = checkGcode3mf(zip);
    if (!slice.ok) return refuse(slice.reason, slice.problem);
    if (slice.isSlice) return found(TYPES.gcode3mf);
    const model = check3mf(zip);
    return model.ok ? found(TYPES['3mf']) : refuse(model.reason, model.problem);
  }

  const head = ascii(bytes, 0, 4096);
  if (isAsciiStl(head, bytes) || isBinaryStl(bytes)) return found(TYPES.stl);

  const wantsGcode = GCODE_EXTENSIONS.includes(extension) || head.startsWith('GCDE');
  // Binary data is not worth decoding as text unless it claims to be G-code (for the reason);
  // UTF-16 text has NUL bytes of its own.
  if (head.includes('\u0000') && !wantsGcode && !utf16Bom(bytes)) return refuse('binary data of an unknown type');
  // Text over the G-code limit is refused by its size (checkUpload) without being read further.
  if (bytes.length > MAX_FILE_BYTES.gcode) return found(TYPES.gcode);
  try {
    checkGcodeHead(bytes);
    return found(TYPES.gcode);
  } catch (err) {
    if (!(err instanceof GcodeFormatError)) throw err;
    return wantsGcode ? refuse(err.message, 'gcode') : refuse('not an image, model, video or G-code file');
  }
}

/** Binary STL: an 80-byte header, a triangle count, then exactly 50 bytes per triangle. */
function isBinaryStl(bytes: Uint8Array): boolean {
  if (bytes.length < 84 + 50) return false;
  const count = new DataView(bytes.buffer, bytes.byteOffset + 80, 4).getUint32(0, true);
  return count > 0 && bytes.length === 84 + 50 * count;
}

/** ASCII STL: `solid`, at least one facet, and `endsolid` at the end. */
function isAsciiStl(head: string, bytes: Uint8Array): boolean {
  if (!/^\s*solid\b/.test(head) || !/\bfacet\s+normal\b/.test(head)) return false;
  return /\bendsolid\b/.test(ascii(bytes, Math.max(0, bytes.length - 1024), bytes.length));
}

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
