/**
 * G-code bytes to text. Slicers write UTF-8 (some with a BOM); older Windows tools write the
 * system code page, so object and profile names can be Latin-1 (Windows-1252) or GBK; a few
 * editors save UTF-16 with a BOM. Line endings are made `\n` when the file uses CR alone.
 */

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gbk' | 'windows-1252';

/** The encoding of `bytes`: a BOM decides; else valid UTF-8; else GBK when every high byte pairs as GBK; else Windows-1252. */
export function detectEncoding(bytes: Uint8Array): TextEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  const utf16 = utf16Bom(bytes);
  if (utf16) return utf16;
  if (isUtf8(bytes)) return 'utf-8';
  return looksGbk(bytes) ? 'gbk' : 'windows-1252';
}

/** The UTF-16 byte order its BOM names, or null. */
export function utf16Bom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** Decodes G-code bytes (BOM removed, CR-only line endings made LF). */
export function decodeGcode(bytes: Uint8Array): string {
  const encoding = detectEncoding(bytes);
  // TextDecoder removes a BOM of its own encoding.
  return normaliseLineEnds(new TextDecoder(encoding).decode(bytes));
}

/** Text whose lines end in CR alone (classic Mac) gets LF; CRLF and LF are left as they are. */
export function normaliseLineEnds(text: string): string {
  const sample = text.slice(0, 65_536);
  const cr = sample.indexOf('\r');
  if (cr === -1 || sample.includes('\n')) return text;
  return text.replace(/\r/g, '\n');
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * GBK writes every non-ASCII character as a lead byte 0x81–0xFE and a trail byte 0x40–0xFE; Latin-1
 * text has single accented bytes between ASCII letters. Every high byte must pair up for GBK.
 */
function looksGbk(bytes: Uint8Array): boolean {
  let pairs = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) continue;
    const trail = bytes[i + 1] ?? 0;
    if (b === 0x80 || b === 0xff || trail < 0x80 || trail === 0xff) return false;
    pairs++;
    i++;
  }
  return pairs > 0;
}
